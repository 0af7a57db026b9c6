import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ASSET_QR_OPTIONS } from '../../../shared/domain/scan';
import type { LabelLayout } from '../../../shared/domain/labels';

/** One label: the text its QR code encodes, and what is printed beside it (an asset's code, a location's name). */
export interface Label {
  qrText: string;
  title: string;
  description: string;
}

const POINTS_PER_MM = 72 / 25.4;
const mm = (value: number) => value * POINTS_PER_MM;
/** Inside each label, so a slightly misfed sheet does not cut the code. */
const PADDING_MM = 2;
/** Printed at 300 dpi or better: every module of the code is several printer dots. */
const QR_DPI = 300;

/** The QR code of a label, `sizeMm` wide, as a PNG (black on white, one module of quiet zone each side is added by the label's padding). */
export function labelQrPng(text: string, sizeMm: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', margin: 1, errorCorrectionLevel: 'M', width: Math.round((sizeMm / 25.4) * QR_DPI), color: ASSET_QR_OPTIONS.color });
}

/**
 * An A4 PDF of labels in `layout`, filled row by row, a new page every `columns × rows` labels: on
 * each, the QR code on the left (as tall as the label allows) and the asset code and description
 * on the right (an asset's code and description, or a location's name and path).
 */
export async function labelSheetPdf(labels: readonly Label[], layout: LabelLayout, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: title, Producer: 'Asset Register' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const perPage = layout.columns * layout.rows;
  const qrMm = layout.height - 2 * PADDING_MM;
  const small = layout.height < 30;
  for (const [index, label] of labels.entries()) {
    if (index % perPage === 0) doc.addPage();
    const slot = index % perPage;
    const x = mm(layout.left + (slot % layout.columns) * (layout.width + layout.columnGap));
    const y = mm(layout.top + Math.floor(slot / layout.columns) * (layout.height + layout.rowGap));
    doc.image(await labelQrPng(label.qrText, qrMm), x + mm(PADDING_MM), y + mm(PADDING_MM), { width: mm(qrMm), height: mm(qrMm) });

    const textX = x + mm(PADDING_MM * 2 + qrMm);
    const textWidth = mm(layout.width - qrMm - PADDING_MM * 3);
    doc
      .font('Helvetica-Bold')
      .fontSize(small ? 6.5 : 10)
      .text(label.title, textX, y + mm(PADDING_MM), { width: textWidth, lineBreak: false, ellipsis: true });
    if (label.description) {
      doc
        .font('Helvetica')
        .fontSize(small ? 5.5 : 8)
        .text(label.description, textX, doc.y + 2, { width: textWidth, height: mm(layout.height - PADDING_MM * 2) - (doc.y + 2 - y - mm(PADDING_MM)), ellipsis: true });
    }
  }
  doc.end();
  return finished;
}
