import { message, type MessageDescriptor } from './messages';

export const UPLOAD_TYPES = [
  { name: 'jpeg', mime: 'image/jpeg', extensions: ['jpeg', 'jpg'] },
  { name: 'png', mime: 'image/png', extensions: ['png'] },
  { name: 'pdf', mime: 'application/pdf', extensions: ['pdf'] },
] as const;

/** For the file input's `accept`, so the picker offers only these. */
export const UPLOAD_ACCEPT = UPLOAD_TYPES.flatMap((type) => [type.mime, ...type.extensions.map((extension) => `.${extension}`)]).join(',');

const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream']);

/**
 * jpeg, png or pdf, else 'Invalid file type. Please upload a valid file type (jpeg, png, pdf)'. The browser's
 * MIME type decides; the file name's extension only when the browser could not tell.
 */
export function validateUploadType(file: { name: string; type?: string }): MessageDescriptor | undefined {
  const mime = (file.type ?? '').toLowerCase();
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const accepted = GENERIC_MIME_TYPES.has(mime)
    ? UPLOAD_TYPES.some((type) => (type.extensions as readonly string[]).includes(extension))
    : UPLOAD_TYPES.some((type) => type.mime === mime);
  return accepted ? undefined : message('upload.invalidType', { types: UPLOAD_TYPES.map((type) => type.name).join(', ') });
}
