/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, with
 * quotes doubled. A cell a spreadsheet would run as a formula (starting with
 * = + - @, tab or CR) is neutralised with a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
