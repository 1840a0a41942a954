import { fromPromise } from 'xstate';
import { type LoadedDetails } from '../../../../machines/visitorDetails';
import { type ApiClient, type ApiResult } from '../../../api/client';
import { getAdditionalData, getCustomerTags, getFamilyMembers, getFieldConfig, saveFiles, type UploadFile } from '../../../api/visitors';
import { type AdditionalFieldValue, type SavedFile } from '../../../domain/contract/visitors';
import { isUnsavedSignature, type VisitorDraft } from '../../../domain/visitors/visitorForm';

/** A refused call: its message is the server's (empty when no answer came). */
export class VisitorCallError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'VisitorCallError';
  }
}

function dataOf<T>(result: ApiResult<{ data: T }>): T {
  if (!result.ok) throw new VisitorCallError(result.status, result.message);
  return result.data.data;
}

/** A drawn signature, held in the page as a data URL, as the png file the server stores. */
export function signatureFile(dataUrl: string, name: string): UploadFile {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return { blob: new Blob([bytes], { type: 'image/png' }), name };
}

/** Uploads one file the visitor picked (file/save/data) and answers what the server stored. */
export async function uploadDocument(api: ApiClient, file: File): Promise<SavedFile> {
  const [saved] = dataOf(await saveFiles(api, [{ blob: file, name: file.name }])).files;
  if (!saved) throw new VisitorCallError(200, '');
  return saved;
}

/**
 * Stores every signature still held in the page, all in one call, and puts the stored paths in their place.
 * Drafts without one go through untouched, so a dialog without disclaimers makes no call at all.
 */
async function storeSignatures(api: ApiClient, drafts: VisitorDraft[]): Promise<VisitorDraft[]> {
  const pending = drafts.flatMap((draft, index) =>
    Object.entries(draft.additional)
      .filter((entry): entry is [string, string] => isUnsavedSignature(entry[1]))
      .map(([fieldId, dataUrl]) => ({ index, fieldId: Number(fieldId), file: signatureFile(dataUrl, `signature-${index + 1}-${fieldId}.png`) })),
  );
  if (pending.length === 0) return drafts;
  const { files } = dataOf(await saveFiles(api, pending.map((each) => each.file)));
  if (files.length !== pending.length) throw new VisitorCallError(200, '');
  return drafts.map((draft, index) => {
    const additional = { ...draft.additional };
    pending.forEach((each, at) => {
      const stored = files[at];
      if (each.index === index && stored) additional[each.fieldId] = stored.path;
    });
    return { ...draft, additional };
  });
}

/** The visitor details machine's calls on the real API. */
export function visitorDetailsActors(api: ApiClient) {
  return {
    loadDetails: fromPromise<LoadedDetails, { serviceId: number; loggedIn: boolean }>(async ({ input }) => {
      const [config, tags, members] = await Promise.all([
        getFieldConfig(api, input.serviceId),
        getCustomerTags(api),
        input.loggedIn ? getFamilyMembers(api) : Promise.resolve(null),
      ]);
      // Saved family members are a convenience: without them every section is simply typed in.
      return { config: dataOf(config), tags: dataOf(tags), members: members?.ok ? members.data.data : [] };
    }),
    loadSavedAnswers: fromPromise<AdditionalFieldValue[], { customerId: number }>(async ({ input }) =>
      dataOf(await getAdditionalData(api, input.customerId)).additional_fields,
    ),
    finishEntries: fromPromise<VisitorDraft[], { drafts: VisitorDraft[] }>(({ input }) => storeSignatures(api, input.drafts)),
  };
}
