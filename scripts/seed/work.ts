import { CONDITIONS, type Condition } from '../../src/shared/domain/assets';
import { DONE_ACTION_STATUSES, type ActionPriority, type ActionStatus } from '../../src/shared/domain/actions';
import type { BulkInserter } from './bulk-insert';
import type { AssetIndex } from './assets';
import { countBefore, DAY_MS, increasingTimes, isoDate, type Random } from './random';
import {
  ACTION_CATEGORY_WEIGHTS,
  ACTION_PRIORITY_WEIGHTS,
  ACTION_STATUS_WEIGHTS,
  ACTION_TITLES,
  ASSIGNEES,
  DEFECTS,
} from './vocabulary';

export const ASSESSMENT_COLUMNS = ['id', 'assessment_id', 'asset_id', 'condition', 'condition_notes', 'assessed_by', 'assessed_at', 'created_at'] as const;
export const DEFECT_COLUMNS = ['id', 'assessment_id', 'code', 'description', 'severity', 'created_at'] as const;
export const ACTION_COLUMNS = [
  'id', 'action_id', 'asset_id', 'assessment_id', 'title', 'description', 'category', 'priority', 'status', 'assignee',
  'target_date', 'completed_date', 'created_by', 'created_at', 'updated_at',
] as const;

/** The assessments that found defects, in creation order: actions are raised from them. */
export interface DefectFindings {
  ids: string[];
  codes: string[];
  assetIndexes: number[];
  created: number[];
  /** The first defect found and the action that remedies it. */
  firstDefect: Array<{ description: string; action: string }>;
  critical: boolean[];
}

/** An assessment usually agrees with the asset's condition, sometimes one grade either side. */
function assessedCondition(random: Random, current: Condition): Condition {
  const i = CONDITIONS.indexOf(current);
  const shift = random.weighted([
    [0, 70],
    [-1, 15],
    [1, 15],
  ] as const);
  return CONDITIONS[Math.min(CONDITIONS.length - 1, Math.max(0, i + shift))]!;
}

function defectCount(random: Random, condition: Condition): number {
  switch (condition) {
    case 'unsafe':
      return random.int(1, 3);
    case 'poor':
      return random.int(1, 2);
    case 'fair':
      return random.chance(0.5) ? 1 : 0;
    case 'good':
      return random.chance(0.1) ? 1 : 0;
    default:
      return 0;
  }
}

export async function insertAssessments(
  inserters: { assessments: BulkInserter; defects: BulkInserter },
  random: Random,
  options: { count: number; now: number; assets: AssetIndex; pickUser: () => string },
): Promise<DefectFindings> {
  const { count, now, assets, pickUser } = options;
  const findings: DefectFindings = { ids: [], codes: [], assetIndexes: [], created: [], firstDefect: [], critical: [] };
  const firstAsset = assets.created[0]!;
  const times = increasingTimes(random, count, firstAsset + DAY_MS, now - 2 * 3_600_000);

  for (let i = 0; i < count; i++) {
    const assessedAt = times[i]!;
    const assetIndex = random.int(0, Math.max(0, countBefore(assets.created, assessedAt) - 1));
    const type = assets.types[assetIndex]!;
    const condition = assessedCondition(random, assets.conditions[assetIndex]!);
    const createdAt = Math.min(now - 1, assessedAt + random.int(0, 30 * 60_000));
    const id = random.uuid();
    const code = `ASM-${String(i + 1).padStart(6, '0')}`;
    const defects = Array.from({ length: defectCount(random, condition) }, () => random.pick(DEFECTS[type]));

    await inserters.assessments.add([
      id,
      code,
      assets.ids[assetIndex],
      condition,
      defects.length ? defects.map((d) => d.description).join('; ') : condition === 'excellent' ? 'No issues found' : null,
      pickUser(),
      new Date(assessedAt),
      new Date(createdAt),
    ]);
    for (const defect of defects) {
      await inserters.defects.add([random.uuid(), id, defect.code, defect.description, defect.severity, new Date(createdAt)]);
    }
    if (defects.length) {
      findings.ids.push(id);
      findings.codes.push(code);
      findings.assetIndexes.push(assetIndex);
      findings.created.push(createdAt);
      findings.firstDefect.push(defects[0]!);
      findings.critical.push(defects.some((d) => d.severity === 'critical'));
    }
  }
  await inserters.assessments.flush();
  await inserters.defects.flush();
  return findings;
}

/** Older actions are mostly done; recent ones mostly open. */
function statusFor(random: Random, ageDays: number): ActionStatus {
  if (ageDays > 180) return random.chance(0.8) ? random.pick(DONE_ACTION_STATUSES) : random.weighted(ACTION_STATUS_WEIGHTS);
  if (ageDays < 30) return random.chance(0.6) ? 'open' : random.weighted(ACTION_STATUS_WEIGHTS);
  return random.weighted(ACTION_STATUS_WEIGHTS);
}

const GENERAL_TITLES = ['Annual fire risk assessment', 'Legionella risk assessment', 'Asbestos register review', 'Site security review', 'Car park line marking'];

export async function insertActions(
  inserter: BulkInserter,
  random: Random,
  options: { count: number; now: number; assets: AssetIndex; findings: DefectFindings; pickUser: () => string },
): Promise<void> {
  const { count, now, assets, findings, pickUser } = options;
  const findingTimes = Float64Array.from(findings.created);
  const times = increasingTimes(random, count, assets.created[0]! + 7 * DAY_MS, now - 3_600_000);

  for (let i = 0; i < count; i++) {
    const createdAt = times[i]!;
    const findingsBefore = countBefore(findingTimes, createdAt);
    const assetsBefore = countBefore(assets.created, createdAt);
    let assetIndex: number | null = null;
    let assessmentId: string | null = null;
    let title: string;
    let description: string | null;
    let priority: ActionPriority = random.weighted(ACTION_PRIORITY_WEIGHTS);

    if (findingsBefore > 0 && random.chance(0.35)) {
      // Raised from a recent assessment's defect, on that assessment's asset.
      const f = random.int(Math.max(0, findingsBefore - 2_000), findingsBefore - 1);
      assetIndex = findings.assetIndexes[f]!;
      assessmentId = findings.ids[f]!;
      const defect = findings.firstDefect[f]!;
      title = defect.action;
      description = `Raised from assessment ${findings.codes[f]}: ${defect.description}`;
      if (findings.critical[f]) priority = random.chance(0.7) ? 'critical' : 'high';
    } else if (assetsBefore > 0 && random.chance(0.9)) {
      assetIndex = random.int(0, assetsBefore - 1);
      title = random.pick(ACTION_TITLES[assets.types[assetIndex]!]);
      description = random.chance(0.4) ? 'Found during routine inspection' : null;
    } else {
      title = random.pick(GENERAL_TITLES);
      description = 'Estate-wide compliance task';
    }

    const ageDays = (now - createdAt) / DAY_MS;
    const status = statusFor(random, ageDays);
    const done = DONE_ACTION_STATUSES.includes(status);
    const completed = done ? Math.min(now - 60_000, createdAt + random.int(1, 60) * DAY_MS) : null;
    const updatedAt = completed ?? (random.chance(0.4) ? createdAt + Math.floor(random.float() * (now - createdAt)) : createdAt);

    await inserter.add([
      random.uuid(),
      `ACT-${String(i + 1).padStart(6, '0')}`,
      assetIndex === null ? null : assets.ids[assetIndex],
      assessmentId,
      title,
      description,
      random.weighted(ACTION_CATEGORY_WEIGHTS),
      priority,
      status,
      random.chance(0.8) ? random.pick(ASSIGNEES) : null,
      random.chance(0.8) ? isoDate(createdAt + random.int(14, 120) * DAY_MS) : null,
      completed === null ? null : isoDate(completed),
      pickUser(),
      new Date(createdAt),
      new Date(Math.max(createdAt, updatedAt)),
    ]);
  }
  await inserter.flush();
}
