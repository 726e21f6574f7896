// The consoles' store for the page (react-admin's, kept in localStorage): the chosen language among
// others. One for the staff console, the manager area and /dashboard, so a language chosen in one
// holds in the others and on the next visit (the dashboard's AdminContext defaulted to a memory store).
import { localStorageStore } from 'react-admin';

export const consoleStore = localStorageStore();
