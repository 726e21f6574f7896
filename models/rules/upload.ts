// The size limit of an uploaded file (CVs and images): the upload route refuses more, and the
// offer page's CV input checks it before sending. Browser-safe.
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
