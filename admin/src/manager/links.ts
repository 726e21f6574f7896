// Where a manager adds a subscription (the demo plan's subscription page): the subscriptions list's
// button and the 'not allowed' page's link. Its own module so the manager area's first screen does
// not load the subscriptions screens with it (issue 26).
export const ADD_SUBSCRIPTION_URL = '/portal/franchise_demo';
