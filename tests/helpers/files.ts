// Small valid files the tests upload.
import { encodePng } from './png.js';

/** A small valid PDF, as a CV. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** A small valid PNG (4 × 4, one colour), as a logo. */
export const PNG = encodePng(4, 4, () => [200, 40, 40]);
