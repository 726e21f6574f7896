// Reads a portal form: multipart (a file sent without JavaScript, capped at MAX_UPLOAD_BYTES per
// part) or urlencoded. Shared by the application form and the offer wizard.
import { unstable_composeUploadHandlers, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from '@remix-run/node';
import { MAX_UPLOAD_BYTES } from '../../../models/rules/upload.js';

export async function readForm(request: Request): Promise<{ form: FormData; tooLarge: boolean }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return { form: await request.formData(), tooLarge: false };
  try {
    const handler = unstable_composeUploadHandlers(unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
    return { form: await unstable_parseMultipartFormData(request, handler), tooLarge: false };
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return { form: new FormData(), tooLarge: true };
    throw e;
  }
}
