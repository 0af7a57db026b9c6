import type { AssetType, Condition } from '../../src/shared/domain/assets';
import type { ActionCategory, ActionPriority, ActionStatus } from '../../src/shared/domain/actions';
import type { DefectSeverity } from '../../src/shared/domain/assessments';

/**
 * The words of the seeded estate. The bench searches for some of them, so their frequencies are
 * chosen on purpose (see SEARCH_TERMS) and no location name contains them by accident.
 */

export const ORGANISATION = 'Northgate Property Group';

export const REGIONS: ReadonlyArray<{ name: string; cities: readonly string[] }> = [
  { name: 'North', cities: ['Leeds', 'Manchester', 'Sheffield', 'York', 'Bradford', 'Newcastle', 'Sunderland', 'Durham', 'Hull', 'Liverpool', 'Preston', 'Lancaster'] },
  { name: 'Midlands', cities: ['Birmingham', 'Coventry', 'Leicester', 'Nottingham', 'Derby', 'Wolverhampton', 'Stoke', 'Northampton', 'Lincoln', 'Worcester', 'Telford', 'Walsall'] },
  { name: 'South East', cities: ['Reading', 'Oxford', 'Brighton', 'Guildford', 'Maidstone', 'Crawley', 'Milton Keynes', 'Southampton', 'Portsmouth', 'Canterbury', 'Slough', 'Basingstoke'] },
  { name: 'South West', cities: ['Bristol', 'Exeter', 'Plymouth', 'Bath', 'Swindon', 'Gloucester', 'Cheltenham', 'Taunton', 'Truro', 'Yeovil', 'Poole', 'Salisbury'] },
  { name: 'Scotland', cities: ['Glasgow', 'Edinburgh', 'Aberdeen', 'Dundee', 'Inverness', 'Stirling', 'Perth', 'Falkirk', 'Livingston', 'Ayr', 'Paisley', 'Kilmarnock'] },
];
/** Approximate centres of the regions, for site GPS coordinates. */
export const REGION_GPS: ReadonlyArray<readonly [number, number]> = [
  [53.8, -1.6],
  [52.6, -1.5],
  [51.3, -0.8],
  [50.9, -3.2],
  [55.9, -3.6],
];

export const SITE_KINDS = ['Depot', 'Office', 'Business Park', 'Distribution Centre', 'Retail Park', 'House', 'Trade Counter', 'Campus'];
export const BUILDING_NAMES = ['Main Building', 'Block A', 'Block B', 'Block C', 'Block D', 'Warehouse 1', 'Warehouse 2', 'North Wing', 'South Wing', 'Annexe', 'Gatehouse', 'Workshop'];
export const FLOOR_NAMES = ['Ground Floor', 'First Floor', 'Second Floor', 'Third Floor', 'Fourth Floor', 'Fifth Floor', 'Basement', 'Mezzanine'];
export const AREA_NAMES = [
  'Reception', 'Open Plan Office', 'Meeting Room 1', 'Meeting Room 2', 'Kitchen', 'Plant Room', 'Server Room', 'Stairwell A',
  'Stairwell B', 'Corridor', 'Toilets', 'Store Room', 'Loading Bay', 'Canteen', 'Workshop Bay', 'Comms Cupboard', 'Print Room',
  'Boardroom', 'Training Room', 'Locker Room', 'First Aid Room', 'Post Room', 'Quiet Room', 'Breakout Area',
];

export interface MakeVocabulary {
  make: string;
  models: readonly string[];
  /** Serial shape: a fixed prefix then this many letters/digits. */
  serialPrefix: string;
  serialLength: number;
  weight: number;
  /** For mixed types ("other"): the subtype and description this make always has. */
  subtype?: string;
  description?: string;
}

export interface TypeVocabulary {
  weight: number;
  subtypes: readonly string[];
  descriptions: readonly string[];
  makes: readonly MakeVocabulary[];
}

const make = (
  make: string,
  models: string[],
  serialPrefix: string,
  serialLength: number,
  weight = 1,
  kind?: { subtype: string; description: string },
): MakeVocabulary => ({ make, models, serialPrefix, serialLength, weight, ...kind });

export const ASSET_VOCABULARY: Record<AssetType, TypeVocabulary> = {
  fire_door: {
    weight: 20,
    subtypes: ['Single leaf', 'Double leaf', 'Riser door'],
    descriptions: ['FD30 fire door with overhead self-closer', 'FD60 fire door with vision panel', 'FD30S fire door with smoke seals', 'Fire door to protected stair'],
    makes: [
      make('Leaderflush Shapland', ['FD30 Solid Core', 'FD60 Duplex'], 'LS', 8),
      make('Vicaima', ['Portaro FD30', 'Portaro FD60'], 'VC', 8),
      make('Jeld-Wen', ['FD30 Flush', 'FD30 Glazed'], 'JW', 9),
      make('Premdor', ['Crosswall FD30'], 'PR', 8),
      make('Masonite', ['Fire Door FD30', 'Fire Door FD60'], 'MS', 8),
    ],
  },
  hvac: {
    weight: 10,
    subtypes: ['Split unit', 'Ceiling cassette', 'Air handling unit', 'VRF condenser'],
    descriptions: ['Wall-mounted split air conditioning unit', 'Four-way ceiling cassette', 'Rooftop air handling unit', 'VRF outdoor condensing unit'],
    makes: [
      make('Daikin', ['FTXM35R', 'FTXM50R', 'RZAG140'], 'E', 9, 4),
      make('Mitsubishi Electric', ['PKA-M60KA', 'PUZ-ZM100'], 'ME', 8, 3),
      make('Toshiba', ['RAV-RM561', 'RAV-GM1101'], 'TS', 8, 2),
      make('Carrier', ['42QHC', '50XZ'], 'CR', 10, 1),
      make('Fujitsu', ['ASYG12KMCC', 'AUXG18KRLB'], 'FJ', 9, 1),
    ],
  },
  pc: {
    weight: 20,
    subtypes: ['Desktop', 'Small form factor', 'Workstation'],
    descriptions: ['Desktop PC', 'Small form factor PC', 'CAD workstation', 'Reception desktop PC'],
    makes: [
      make('Dell', ['OptiPlex 7010', 'OptiPlex 7020 Micro', 'Precision 3660'], '', 7, 4),
      make('HP', ['EliteDesk 800 G9', 'ProDesk 400 G7'], 'CZC', 7, 3),
      make('Lenovo', ['ThinkCentre M70q', 'ThinkCentre M90s'], 'PF', 6, 3),
    ],
  },
  monitor: {
    weight: 20,
    subtypes: ['24 inch', '27 inch'],
    descriptions: ['24 inch monitor', '27 inch monitor', 'Dual monitor arm with screen'],
    makes: [
      make('Dell', ['P2422H', 'P2723DE'], 'CN', 8, 3),
      make('HP', ['E24 G5', 'E27 G5'], 'CNK', 7, 2),
      make('LG', ['27BN65Q'], 'LG', 9, 1),
      make('Samsung', ['S24R650'], 'SM', 9, 1),
      make('iiyama', ['ProLite XUB2492HSU'], 'IY', 9, 1),
    ],
  },
  printer: {
    weight: 7,
    subtypes: ['Multifunction', 'Laser', 'Label'],
    descriptions: ['Floor multifunction printer', 'Desktop laser printer', 'Label printer'],
    makes: [
      make('HP', ['LaserJet Pro 4002dn', 'Color LaserJet MFP M480f'], 'VNB', 7, 3),
      make('Canon', ['imageRUNNER ADVANCE C3826i'], 'CA', 8, 2),
      make('Brother', ['HL-L5210DN'], 'E7', 8, 2),
      make('Ricoh', ['IM C3000'], 'RC', 9, 1),
      make('Kyocera', ['ECOSYS M3145dn'], 'KY', 9, 1),
      make('Xerox', ['VersaLink C405'], 'XR', 9, 1),
    ],
  },
  meter: {
    weight: 3,
    subtypes: ['Electricity', 'Water', 'Gas', 'Heat'],
    descriptions: ['Electricity sub-meter', 'Water sub-meter', 'Gas meter', 'Heat meter'],
    makes: [
      make('Landis+Gyr', ['E470', 'Ultraheat T550'], 'LG', 10),
      make('Elster', ['A1140', 'BK-G4'], 'EL', 10),
      make('Kamstrup', ['Multical 403', 'flowIQ 2200'], 'KM', 10),
      make('Itron', ['ACE9000', 'Aquadis+'], 'IT', 10),
    ],
  },
  roof: {
    weight: 2,
    subtypes: ['Flat', 'Pitched', 'Metal sheet'],
    descriptions: ['Flat roof, single-ply membrane', 'Pitched roof, natural slate', 'Profiled metal roof sheeting'],
    makes: [
      make('Sika Sarnafil', ['G410'], 'SK', 6),
      make('Kingspan', ['KS1000 RW'], 'KS', 6),
      make('IKO', ['Armourplan PVC'], 'IK', 6),
      make('Bauder', ['Thermofol'], 'BD', 6),
    ],
  },
  other: {
    weight: 18,
    subtypes: ['Lift', 'Stairlift', 'Water boiler', 'Hand dryer', 'Emergency light', 'Fire extinguisher'],
    descriptions: ['Passenger lift', 'Platform stairlift', 'Wall-mounted boiling water unit', 'Hand dryer', 'Emergency bulkhead light', 'CO2 fire extinguisher'],
    makes: [
      // Kone and Stannah are kept rare on purpose: the bench's "few hundred" and "rare" search terms.
      make('Kone', ['MonoSpace 500'], 'KN', 8, 1.7, { subtype: 'Lift', description: 'Passenger lift' }),
      make('Stannah', ['Siena'], 'ST', 8, 0.15, { subtype: 'Stairlift', description: 'Platform stairlift' }),
      make('Schindler', ['3300'], 'SC', 8, 3, { subtype: 'Lift', description: 'Goods lift' }),
      make('Zip', ['HydroTap G5'], 'ZP', 8, 25, { subtype: 'Water boiler', description: 'Wall-mounted boiling water unit' }),
      make('Dyson', ['Airblade V'], 'DY', 8, 20, { subtype: 'Hand dryer', description: 'Hand dryer' }),
      make('Thorlux', ['Emergency Bulkhead'], 'TX', 8, 25, { subtype: 'Emergency light', description: 'Emergency bulkhead light' }),
      make('Chubb', ['CO2 2kg'], 'CH', 8, 25, { subtype: 'Fire extinguisher', description: 'CO2 fire extinguisher' }),
    ],
  },
};

/** Terms the bench searches for; the seed keeps them at these frequencies. */
export const SEARCH_TERMS = {
  /** Asset list search: 4 letters matching a few hundred assets per 100,000 (Kone lifts). */
  listTerm: 'kone',
  /** Global search, common: every Dell PC and monitor (about 14 %). */
  common: 'dell',
  /** Global search, rare: a few dozen stairlifts per 100,000. */
  rare: 'stannah',
  /** Global search with a typo of "daikin". */
  typo: 'daikn',
} as const;

export const CONDITION_WEIGHTS: ReadonlyArray<readonly [Condition, number]> = [
  ['excellent', 14],
  ['good', 46],
  ['fair', 28],
  ['poor', 10],
  ['unsafe', 2],
];

/** What a surveyor finds, and the action that puts it right. */
export const DEFECTS: Record<AssetType, ReadonlyArray<{ code: string; description: string; severity: DefectSeverity; action: string }>> = {
  fire_door: [
    { code: 'FD-01', description: 'Door does not self-close fully into its frame', severity: 'high', action: 'Adjust door closer' },
    { code: 'FD-02', description: 'Gap at head exceeds 4 mm', severity: 'medium', action: 'Adjust door and frame gaps' },
    { code: 'FD-03', description: 'Intumescent strip damaged or painted over', severity: 'high', action: 'Replace intumescent seals' },
    { code: 'FD-04', description: 'Fire door keep shut signage missing', severity: 'low', action: 'Fit fire door signage' },
    { code: 'FD-05', description: 'Door wedged open', severity: 'critical', action: 'Remove wedge and brief staff' },
  ],
  hvac: [
    { code: 'HV-01', description: 'Filters blocked', severity: 'medium', action: 'Replace filters' },
    { code: 'HV-02', description: 'Suspected refrigerant leak', severity: 'high', action: 'Leak test and re-gas' },
    { code: 'HV-03', description: 'Condensate drain blocked, water leaking', severity: 'medium', action: 'Clear condensate drain' },
    { code: 'HV-04', description: 'Fan bearing noisy', severity: 'low', action: 'Replace fan bearing' },
  ],
  pc: [
    { code: 'IT-01', description: 'Portable appliance test overdue', severity: 'medium', action: 'PAT test equipment' },
    { code: 'IT-02', description: 'Power cable insulation damaged', severity: 'critical', action: 'Replace power cable' },
  ],
  monitor: [
    { code: 'IT-03', description: 'Screen flickers', severity: 'low', action: 'Replace monitor' },
    { code: 'IT-01', description: 'Portable appliance test overdue', severity: 'medium', action: 'PAT test equipment' },
  ],
  printer: [
    { code: 'IT-04', description: 'Paper feed jams repeatedly', severity: 'low', action: 'Service printer' },
    { code: 'IT-01', description: 'Portable appliance test overdue', severity: 'medium', action: 'PAT test equipment' },
  ],
  meter: [
    { code: 'MT-01', description: 'Display faded and hard to read', severity: 'low', action: 'Replace meter display' },
    { code: 'MT-02', description: 'Tamper seal broken', severity: 'high', action: 'Re-seal meter' },
  ],
  roof: [
    { code: 'RF-01', description: 'Membrane blistering near outlet', severity: 'medium', action: 'Repair roof membrane' },
    { code: 'RF-02', description: 'Ponding water after rain', severity: 'medium', action: 'Improve roof drainage' },
    { code: 'RF-03', description: 'Slipped and missing slates', severity: 'high', action: 'Replace slipped slates' },
    { code: 'RF-04', description: 'Gutters and outlets blocked', severity: 'medium', action: 'Clear gutters and outlets' },
  ],
  other: [
    { code: 'GN-01', description: 'LOLER thorough examination overdue', severity: 'critical', action: 'Arrange LOLER thorough examination' },
    { code: 'GN-02', description: 'Emergency light fails three-hour duration test', severity: 'high', action: 'Replace emergency light battery' },
    { code: 'GN-03', description: 'Water outlet temperature below 60 °C', severity: 'high', action: 'Adjust water heater temperature' },
    { code: 'GN-04', description: 'Extinguisher service label out of date', severity: 'medium', action: 'Service fire extinguisher' },
  ],
};

export const ACTION_TITLES: Record<AssetType, readonly string[]> = {
  fire_door: ['Adjust door closer', 'Replace intumescent seals', 'Re-hang fire door', 'Fit fire door signage'],
  hvac: ['Replace filters', 'Service air conditioning unit', 'Leak test and re-gas', 'Clear condensate drain'],
  pc: ['PAT test equipment', 'Replace power cable', 'Replace end-of-life PC'],
  monitor: ['PAT test equipment', 'Replace monitor'],
  printer: ['Service printer', 'Replace toner and drum', 'PAT test equipment'],
  meter: ['Replace meter display', 'Re-seal meter', 'Read and verify meter'],
  roof: ['Repair roof membrane', 'Clear gutters and outlets', 'Replace slipped slates', 'Roof condition survey'],
  other: ['Arrange LOLER thorough examination', 'Replace emergency light battery', 'Descale water boiler', 'Service fire extinguisher'],
};

export const ASSIGNEES = [
  'Estates Team', 'IT Service Desk', 'Apex Fire Safety Ltd', 'CoolAir Services', 'Summit Roofing', 'Liftcare UK',
  'J. Patel', 'R. Hughes', 'S. Okafor', 'M. Walsh', 'L. Chen', 'K. Murray',
];

export const ACTION_STATUS_WEIGHTS: ReadonlyArray<readonly [ActionStatus, number]> = [
  ['open', 30],
  ['in_progress', 15],
  ['waiting', 10],
  ['completed', 20],
  ['verified', 10],
  ['closed', 15],
];
export const ACTION_PRIORITY_WEIGHTS: ReadonlyArray<readonly [ActionPriority, number]> = [
  ['critical', 5],
  ['high', 20],
  ['medium', 45],
  ['low', 30],
];
export const ACTION_CATEGORY_WEIGHTS: ReadonlyArray<readonly [ActionCategory, number]> = [
  ['maintenance', 45],
  ['repair', 30],
  ['replacement', 10],
  ['compliance', 15],
];
