import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import { type Lang } from '../../../src/domain/lang';
import { visualPieces, type PieceScript } from '../../../src/domain/orderDocuments/visualLine';

const require = createRequire(import.meta.url);

/**
 * Noto Sans for Latin text and Noto Sans Arabic for Arabic, the faces the portal itself shows (WOFF: fontkit reads
 * it as it is). The Arabic face has no Latin letters, digits or punctuation, so every piece of a line picks its own.
 */
function fontFile(packageName: string, file: string): Buffer {
  return readFileSync(join(dirname(require.resolve(packageName)), 'files', file));
}

const FONT_FILES = {
  latin: { regular: ['@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'], bold: ['@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'] },
  arabic: { regular: ['@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'], bold: ['@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-700-normal.woff'] },
} as const;

type Weight = 'regular' | 'bold';
let fonts: Record<`${PieceScript}-${Weight}`, Buffer> | null = null;
/** Read once, on the first document. */
function loadFonts() {
  fonts ??= {
    'latin-regular': fontFile(...FONT_FILES.latin.regular),
    'latin-bold': fontFile(...FONT_FILES.latin.bold),
    'arabic-regular': fontFile(...FONT_FILES.arabic.regular),
    'arabic-bold': fontFile(...FONT_FILES.arabic.bold),
  };
  return fonts;
}

export type TextStyle = { size?: number; bold?: boolean; color?: string; align?: 'start' | 'end' | 'center' };

const PAGE_MARGIN = 44;
const LINE_GAP = 1.35;
/** Where a line's baseline sits below its top, in font sizes. */
const BASELINE = 1.0;
export const COLORS = { text: '#0f172a', muted: '#475569', rule: '#cbd5e1', accent: '#0b5fff' } as const;

/** A box across the content width, in page coordinates. */
export type Column = { x: number; width: number };

/**
 * A PDF written top to bottom in one language: lines are laid out in the document's direction (Arabic right to left
 * and right-aligned), each piece in its own font, wrapped at spaces, on a new page when the page is full.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  y = PAGE_MARGIN;

  constructor(
    readonly lang: Lang,
    info: { title: string; subject: string },
    options: { compress?: boolean } = {},
  ) {
    this.rtl = lang === 'ar';
    this.doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, compress: options.compress ?? true, info: { Title: info.title, Subject: info.subject, Creator: 'Venue Portal' }, lang });
    for (const [name, data] of Object.entries(loadFonts())) this.doc.registerFont(name, data);
  }

  get content(): Column {
    return { x: PAGE_MARGIN, width: this.doc.page.width - PAGE_MARGIN * 2 };
  }

  /** Starts a new page when `height` no longer fits below the current line. */
  ensureSpace(height: number): void {
    if (this.y + height <= this.doc.page.height - PAGE_MARGIN) return;
    this.doc.addPage();
    this.y = PAGE_MARGIN;
  }

  private widthOf(text: string, style: TextStyle): number {
    const size = style.size ?? 10;
    return visualPieces(text, this.rtl ? 'rtl' : 'ltr').reduce((sum, piece) => sum + this.doc.font(this.fontName(piece.script, style)).fontSize(size).widthOfString(piece.text), 0);
  }

  private fontName(script: PieceScript, style: TextStyle) {
    return `${script}-${style.bold ? 'bold' : 'regular'}`;
  }

  /** The text broken at spaces into lines no wider than `width`; a word wider than the line gets a line of its own. */
  private wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.widthOf(candidate, style) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  /** One line at `y`, its pieces placed left to right from where its alignment in `column` puts it. */
  private drawLine(text: string, column: Column, y: number, style: TextStyle): void {
    const size = style.size ?? 10;
    const width = this.widthOf(text, style);
    const align = style.align ?? 'start';
    const atRight = (align === 'start' && this.rtl) || (align === 'end' && !this.rtl);
    let x = align === 'center' ? column.x + (column.width - width) / 2 : atRight ? column.x + column.width - width : column.x;
    for (const piece of visualPieces(text, this.rtl ? 'rtl' : 'ltr')) {
      this.doc.font(this.fontName(piece.script, style)).fontSize(size).fillColor(style.color ?? COLORS.text);
      // On one baseline: the Arabic face's taller ascender would otherwise sit its pieces lower than the Latin ones.
      this.doc.text(piece.text, x, y + size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
      x += this.doc.widthOfString(piece.text);
    }
  }

  /** The height `text` takes in `column`. */
  heightOf(text: string, column: Column, style: TextStyle = {}): number {
    return this.wrap(text, column.width, style).length * (style.size ?? 10) * LINE_GAP;
  }

  /** Draws `text` wrapped in `column` from `y` (the writer's current line unless given); answers the height used. */
  text(text: string, style: TextStyle = {}, column: Column = this.content, y?: number): number {
    const lineHeight = (style.size ?? 10) * LINE_GAP;
    const lines = this.wrap(text, column.width, style);
    if (y === undefined) this.ensureSpace(lineHeight * Math.min(lines.length, 2));
    let top = y ?? this.y;
    for (const line of lines) {
      this.drawLine(line, column, top, style);
      top += lineHeight;
    }
    const height = lines.length * lineHeight;
    if (y === undefined) this.y += height;
    return height;
  }

  /** A label at the line's start and its value at its end (an amount, a date), on one line. */
  row(label: string, value: string, style: TextStyle = {}, column: Column = this.content): void {
    const lineHeight = (style.size ?? 10) * LINE_GAP;
    this.ensureSpace(lineHeight);
    const valueWidth = this.widthOf(value, style) + 8;
    const labelColumn = this.rtl ? { x: column.x + valueWidth, width: column.width - valueWidth } : { x: column.x, width: column.width - valueWidth };
    const used = this.text(label, { ...style, align: 'start' }, labelColumn, this.y);
    this.drawLine(value, column, this.y, { ...style, align: 'end' });
    this.y += Math.max(used, lineHeight);
  }

  rule(gap = 8): void {
    this.ensureSpace(gap * 2);
    this.y += gap;
    const { x, width } = this.content;
    this.doc.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
    this.y += gap;
  }

  gap(height: number): void {
    this.y += height;
  }

  /** The ticket code as the portal shows it: the same QR code (error correction M), with a quiet zone of 4 modules. */
  qr(code: string, x: number, y: number, size: number): void {
    const modules = encode(code, { ecc: 'M', border: 0 }).data;
    const quiet = 4;
    const cell = size / (modules.length + quiet * 2);
    this.doc.rect(x, y, size, size).fill('#ffffff');
    modules.forEach((row, r) => {
      row.forEach((dark, c) => {
        if (dark) this.doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
      });
    });
    this.doc.fill('#000000');
  }

  /** Resolves with the whole file once it is written. */
  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
