// The server services the portal's loaders and actions call in-process. They come from
// api/services (one copy of the models, shared with /apis) and reach Remix through the load
// context, so the portal's server bundle never holds a second copy of the models.
import { getPublicOffer } from '../../api/services/offers.service.js';
import { submitInterest } from '../../api/services/interest.service.js';
import { getLandingConfig } from '../../api/services/landing.service.js';
import { storeUpload } from '../../api/services/uploads.service.js';

export const portalServices = { getPublicOffer, submitInterest, getLandingConfig, storeUpload };
