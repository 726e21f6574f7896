// Signs in with the identity session (cookie set by POST /apis/auth/login). Staff get the
// 'admin' permission; everybody else signs in but sees the 'en cours de développement' page.
// The manager area (/manager) uses the same provider with the 'manager' permission instead
// (managerAuthProvider): whoever counts as a manager (/apis/auth/me's is_manager, the one rule of
// api/auth/access.ts), staff included only when they do; others see 'manager access not allowed',
// as the API's requireManager answers them (both ask models/rules/roles.ts managerAreaAnswer).
import type { AuthProvider } from 'react-admin';
import { avatarSources } from '../common/picture.js';
import { managerAreaAnswer } from '../../../models/rules/roles.js';

export interface Me {
  id: string;
  email: string;
  name: string;
  profile: string;
  is_admin: boolean;
  is_manager?: boolean;
  picture?: string | null;
}

let me: Me | null | undefined;

async function loadMe(): Promise<Me | null> {
  if (me !== undefined) return me;
  const res = await fetch('/apis/auth/me', { credentials: 'include', headers: { Accept: 'application/json' } });
  me = res.ok ? ((await res.json()) as Me) : null;
  return me;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const res = await fetch('/apis/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: username, password }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      throw new Error(body.message ?? 'ra.auth.sign_in_error');
    }
    me = undefined;
    await loadMe();
  },
  async logout() {
    await fetch('/apis/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
    me = null;
  },
  async checkAuth() {
    if (!(await loadMe())) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      me = null;
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const user = await loadMe();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user.id, fullName: user.name || user.email, avatar: avatarSources(user.picture, 32).src };
  },
  async getPermissions() {
    const user = await loadMe();
    return user?.is_admin ? 'admin' : 'none';
  },
};

/**
 * The manager area's provider: 'manager' for a user counting as a manager; 'subscribe' for a
 * recruiter or manager account that is not (a subscription would make them one: they read the
 * subscribers' message with a link to the plans); else 'none'.
 */
export const managerAuthProvider: AuthProvider = {
  ...authProvider,
  async getPermissions() {
    const user = await loadMe();
    return user ? managerAreaAnswer({ profile: user.profile, is_admin: user.is_admin, is_manager: !!user.is_manager }) : 'none';
  },
};
