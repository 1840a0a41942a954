import { describe, expect, it } from 'vitest';
import { messageText } from './messageText';
import { UPLOAD_ACCEPT, validateUploadType } from './upload';

const invalid = 'Invalid file type. Please upload a valid file type (jpeg, png, pdf)';

describe('file upload type', () => {
  it.each<[string, { name: string; type?: string }, string | undefined]>([
    ['[S1-5.24] jpeg', { name: 'id.jpg', type: 'image/jpeg' }, undefined],
    ['[S1-5.24] png', { name: 'id.png', type: 'image/png' }, undefined],
    ['[S1-5.24] pdf', { name: 'id.PDF', type: 'application/pdf' }, undefined],
    ['[S1-5.24] gif', { name: 'id.gif', type: 'image/gif' }, invalid],
    ['[S1-5.24] a gif named .png', { name: 'id.png', type: 'image/gif' }, invalid],
    ['[S1-5.24] no MIME type, known extension', { name: 'scan.JPEG', type: '' }, undefined],
    ['[S1-5.24] generic MIME type, known extension', { name: 'scan.pdf', type: 'application/octet-stream' }, undefined],
    ['[S1-5.24] no MIME type, unknown extension', { name: 'scan.heic' }, invalid],
    ['[S1-5.24] no extension at all', { name: 'scan' }, invalid],
  ])('%s', (_title, file, expected) => {
    const error = validateUploadType(file);
    expect(error && messageText(error)).toBe(expected);
  });

  it('[S1-5.24] the picker is offered the same types', () => {
    expect(UPLOAD_ACCEPT).toBe('image/jpeg,.jpeg,.jpg,image/png,.png,application/pdf,.pdf');
  });
});
