import ExcelJS from 'exceljs';
import sharp from 'sharp';

/**
 * Test templates made with ExcelJS, the way a company's own file would look: styles, merged
 * cells, column widths, row heights and print settings that an export must keep.
 */
export async function cardTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人員資料卡');
  ws.columns = [{ width: 14 }, { width: 24 }, { width: 14 }, { width: 18 }];
  ws.mergeCells('A1:D1');
  ws.getCell('A1').value = '人員資料卡';
  ws.getCell('A1').font = { bold: true, size: 18, color: { argb: 'FF1F4E79' } };
  ws.getCell('A1').alignment = { horizontal: 'center', vertical: 'middle' };
  ws.getRow(1).height = 36;
  const labels: [string, string][] = [
    ['A2', '姓名'],
    ['A3', '身分證'],
    ['A4', '生日'],
    ['A5', '手機'],
    ['A6', '職安證號'],
    ['A7', '職安到期'],
    ['A8', '備註'],
  ];
  for (const [addr, text] of labels) {
    const c = ws.getCell(addr);
    c.value = text;
    c.font = { bold: true };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    c.border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
  }
  for (let r = 2; r <= 8; r++) {
    ws.getCell(`B${r}`).border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    ws.getRow(r).height = 28;
  }
  ws.getCell('B2').font = { size: 14, color: { argb: 'FFC00000' } };
  ws.mergeCells('C2:D7');
  ws.getCell('C2').value = '照片';
  ws.getCell('A10').value = '公司';
  ws.getCell('A11').value = '匯出日期';
  ws.pageSetup = {
    paperSize: 9,
    orientation: 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 1,
    printArea: 'A1:D11',
    margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function rosterTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名冊');
  ws.columns = [{ width: 6 }, { width: 16 }, { width: 14 }, { width: 14 }, { width: 16 }, { width: 14 }];
  ws.mergeCells('A1:F1');
  ws.getCell('A1').value = '進場人員名冊';
  ws.getCell('A1').font = { bold: true, size: 16 };
  ws.getRow(1).height = 30;
  const head = ['序', '姓名', '身分證', '生日', '職安證號', '到期日'];
  head.forEach((h, i) => {
    const c = ws.getRow(2).getCell(i + 1);
    c.value = h;
    c.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF305496' } };
  });
  for (let i = 1; i <= 6; i++) {
    const c = ws.getRow(3).getCell(i);
    c.border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    c.font = { name: 'Arial', size: 11 };
  }
  ws.getRow(3).height = 22;
  ws.getCell('A5').value = '製表：';
  ws.mergeCells('B5:C5');
  ws.pageSetup = { orientation: 'landscape', printArea: 'A1:F5', printTitlesRow: '1:2' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function samplePhoto(color = '#3b82f6', width = 300, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 3}" r="${width / 5}" fill="#fde68a"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}
