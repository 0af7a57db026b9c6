import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readingAgainIfIncomplete, readSheets, type SheetRow } from './sheet-reader';

/**
 * A workbook's parts may come in any order in its zip, whichever program wrote it. The streaming
 * reader must name every sheet and read every row whatever the order (sheet-reader.ts,
 * namesFromWorkbookPart()).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A workbook of two sheets, its zip's parts put in `order` (parts it does not name follow, as
 * written), less the parts in `drop`.
 */
async function workbookFile(order: string[], drop: string[] = []): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Notes').addRow(['Read me first']);
  const assets = book.addWorksheet('Assets');
  assets.addRow(['Asset ID', 'Description']);
  assets.addRow(['AST-000001', 'Boiler']);
  assets.addRow(['AST-000002', 'Chiller']);
  const written = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const names = Object.keys(written.files).filter((name) => !written.files[name]!.dir && !drop.includes(name));
  const reordered = new JSZip();
  for (const name of [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))]) {
    reordered.file(name, await written.files[name]!.async('uint8array'));
  }
  const file = path.join(dir, `${order.length}-${crypto.randomUUID()}.xlsx`);
  fs.writeFileSync(file, await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return file;
}

async function read(file: string): Promise<Array<{ sheet: string; rows: SheetRow[] }>> {
  const sheets: Array<{ sheet: string; rows: SheetRow[] }> = [];
  for await (const { sheet, rows } of readSheets(file, 'xlsx')) {
    const read: SheetRow[] = [];
    for await (const row of rows) read.push(row);
    sheets.push({ sheet, rows: read });
  }
  return sheets;
}

const EXPECTED = [
  { sheet: 'Notes', rows: [{ number: 1, cells: ['Read me first'] }] },
  {
    sheet: 'Assets',
    rows: [
      { number: 1, cells: ['Asset ID', 'Description'] },
      { number: 2, cells: ['AST-000001', 'Boiler'] },
      { number: 3, cells: ['AST-000002', 'Chiller'] },
    ],
  },
];

describe('reading a workbook whatever the order of its parts', () => {
  it('names the sheets when the workbook part comes last, after the shared strings and the sheets', async () => {
    const file = await workbookFile(['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/workbook.xml']);
    expect(await read(file)).toMatchObject(EXPECTED);
  });

  it('reads the sheets when the workbook part comes first', async () => {
    const file = await workbookFile(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']);
    expect(await read(file)).toMatchObject(EXPECTED);
  });

  it('reads the sheets as exceljs writes them (sheets before the shared strings)', async () => {
    expect(await read(await workbookFile([]))).toMatchObject(EXPECTED);
  });

  // What the streaming reader gives when it loses parts in the zip's stream (inspectSpreadsheet()
  // then reads the file again): never a sheet under the wrong name or a text as a number.
  it('fails, rather than read them wrong, when the workbook part or the shared strings did not come', async () => {
    await expect(read(await workbookFile([], ['xl/workbook.xml']))).rejects.toThrow('the workbook part was not read');
    await expect(read(await workbookFile([], ['xl/sharedStrings.xml']))).rejects.toThrow('the shared strings were not read');
  });

  // A dry run and a commit read the whole file in one pass: one that lost parts is read again.
  it('reads a pass again that lost parts of the file, once: a file that is damaged still fails', async () => {
    const sound = await workbookFile([]);
    const lost = await workbookFile([], ['xl/workbook.xml']);
    const passes: string[] = [];
    const readInTurn = (files: string[]) => () => {
      const file = files[passes.length]!;
      passes.push(file);
      return read(file);
    };
    expect(await readingAgainIfIncomplete(readInTurn([lost, sound]))).toMatchObject(EXPECTED);
    expect(passes).toEqual([lost, sound]);
    passes.length = 0;
    await expect(readingAgainIfIncomplete(readInTurn([lost, lost, sound]))).rejects.toThrow('the workbook part was not read');
    expect(passes).toEqual([lost, lost]);
    passes.length = 0;
    await expect(
      readingAgainIfIncomplete(() => {
        passes.push('other');
        return Promise.reject(new Error('row 3 is in error'));
      }),
    ).rejects.toThrow('row 3 is in error');
    expect(passes).toEqual(['other']);
  });
});
