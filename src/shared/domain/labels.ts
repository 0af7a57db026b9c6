/**
 * Printable label sheets (ADR 027): A4 sheets of common self-adhesive label layouts, each label a
 * QR code with the asset's code and a short description. Sizes in millimetres, from the makers'
 * templates.
 */
export interface LabelLayout {
  name: string;
  columns: number;
  rows: number;
  width: number;
  height: number;
  /** Page margins to the first label, and the gaps between labels. */
  top: number;
  left: number;
  columnGap: number;
  rowGap: number;
}

export const LABEL_LAYOUTS = {
  l7160: { name: 'Avery L7160: 21 per sheet, 63.5 × 38.1 mm', columns: 3, rows: 7, width: 63.5, height: 38.1, top: 15.15, left: 7.25, columnGap: 2.5, rowGap: 0 },
  l7163: { name: 'Avery L7163: 14 per sheet, 99.1 × 38.1 mm', columns: 2, rows: 7, width: 99.1, height: 38.1, top: 15.15, left: 4.65, columnGap: 2.5, rowGap: 0 },
  l7651: { name: 'Avery L7651: 65 per sheet, 38.1 × 21.2 mm', columns: 5, rows: 13, width: 38.1, height: 21.2, top: 10.7, left: 4.75, columnGap: 2.5, rowGap: 0 },
} as const satisfies Record<string, LabelLayout>;
export type LabelLayoutKey = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_KEYS = Object.keys(LABEL_LAYOUTS) as [LabelLayoutKey, ...LabelLayoutKey[]];
export const DEFAULT_LABEL_LAYOUT: LabelLayoutKey = 'l7160';

/** At most this many labels per sheet request (about 24 sheets of L7160): a PDF a printer takes at once. */
export const LABELS_MAX = 500;

/**
 * What a sheet holds: the assets' labels, or tags for locations (stuck by a plant room's door, so a
 * surveyor scans where they are before the assets there).
 */
export const LABEL_KINDS = ['assets', 'locations'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** What a label's QR code encodes: the asset's bare code, or a link a phone's camera app opens. */
export const LABEL_CONTENTS = ['code', 'link'] as const;
export type LabelContent = (typeof LABEL_CONTENTS)[number];
export const LABEL_CONTENT_LABELS: Record<LabelContent, string> = {
  code: 'The asset code (read by the in-app scanner)',
  link: 'A link to the asset (a phone’s own camera app opens it)',
};
export const LABEL_LINK_BASE_MAX = 200;
