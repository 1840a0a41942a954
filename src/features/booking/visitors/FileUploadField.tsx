import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type SavedFile } from '../../../domain/contract/visitors';
import { UPLOAD_ACCEPT, validateUploadType } from '../../../domain/validation/upload';
import { Button } from '../../../ui/Button';
import { useFieldMessage } from '../../../app/account/formParts';
import { FieldError } from '../../../ui/formFields';

export interface FileUploadFieldProps {
  label: string;
  file: SavedFile | null;
  /** Stores the picked file (file/save/data) and answers what the server kept; rejects with the server's message. */
  upload: (file: File) => Promise<SavedFile>;
  onChange: (file: SavedFile | null) => void;
  error?: string;
  required?: boolean;
}

/** A document for an additional `file` field: jpeg, png or pdf (S1-5.24), uploaded as soon as it is picked. */
export function FileUploadField({ label, file, upload, onChange, error, required }: FileUploadFieldProps) {
  const { t } = useTranslation('visitors');
  const fieldMessage = useFieldMessage();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = input.files?.[0];
    input.value = '';
    if (!picked) return;
    const wrongType = validateUploadType(picked);
    if (wrongType) {
      setProblem(fieldMessage(wrongType) ?? null);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      onChange(await upload(picked));
    } catch (failure) {
      setProblem(failure instanceof Error && failure.message !== '' ? failure.message : t('file.failed'));
    } finally {
      setUploading(false);
    }
  };

  const shown = problem ?? error;
  return (
    <div className="field visitors-file">
      <span className="field-label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <div className="visitors-file-row">
        <label className={`btn btn-secondary visitors-file-pick${uploading ? ' is-busy' : ''}`} aria-busy={uploading || undefined}>
          <input
            type="file"
            className="visually-hidden"
            accept={UPLOAD_ACCEPT}
            disabled={uploading}
            onChange={(event) => void pick(event)}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-types${shown ? ` ${id}-error` : ''}`}
            aria-invalid={shown ? true : undefined}
          />
          {uploading ? t('file.uploading') : t('file.choose')}
        </label>
        <span id={`${id}-types`} className="field-hint">
          {t('file.types')}
        </span>
      </div>
      {file ? (
        <p className="visitors-file-done" role="status">
          <span>{t('file.uploaded', { name: file.name })}</span>
          <Button variant="ghost" onClick={() => onChange(null)}>
            {t('file.remove')}
          </Button>
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={shown ?? undefined} />
    </div>
  );
}
