// Types shared by the console engine (api/console/) and the server parts of the resources that need
// one (api/console/parts/<name>.ts).
import type { Sequelize, Transaction } from 'sequelize';
import type { Caller } from '../auth/caller.js';
import type { ConsoleRole } from '../../models/resources/index.js';
import type { Storage } from '../integrations/storage.js';
import type { MediaUrls } from '../integrations/media-urls.js';
import type { Dialect } from '../../models/columns.js';
import type { ListQuery, ListSql } from './query.js';
import type { UploadStore } from '../integrations/upload-store.js';
import type { Resolve } from '../integrations/webhook-http.js';

export interface ConsoleCtx {
  caller: Caller;
  clock: () => Date;
  sequelize: Sequelize;
  dialect: Dialect;
  publicUrl: string;
  /** Where uploads are stored (a landing's logo must be one of them). */
  storage: Storage;
  /** Where answer uploads in progress are (an account's deletion removes its own). */
  uploads: UploadStore;
  /** Signs the addresses of private media (CVs, stories) for the caller. */
  media: MediaUrls;
  /** Invitations one company may send a day (decision 430): a resend counts. */
  invitationsPerDay: number;
  /** Where webhook endpoints may point (decision 480): loopback only by the test setting; tests' own DNS. */
  webhooks: { allowLoopback: boolean; resolve?: Resolve };
}

/** null: every row (staff). Otherwise: rows whose column is one of ids. */
/** The rows a caller reaches (null: all, staff) and the role whose row rule gave them, which
 *  decides the fields they read (FieldDecl.readBy). */
export type Scope = null | { column: string; ids: string[]; role?: Exclude<ConsoleRole, 'admin'> };

/**
 * An action's handler. Its body is the output of the action's declared schema (ActionDecl.body),
 * which the console route applies first; `never` lets each handler name that output type.
 */
export type ActionHandler = (ctx: ConsoleCtx, id: string, body: never) => Promise<unknown>;

export type Rec = Record<string, unknown> & { id: string | number };

/**
 * What a resource adds to the generic engine, only where its declaration cannot say it (the spec's
 * user cards, token search, services with their own rules). Every write still ends in a service.
 */
export interface ServerPart {
  /** The list's SQL when it walks another index than the table (token search). */
  listSql?(ctx: ConsoleCtx, q: ListQuery, scope: Scope): Promise<ListSql | null>;
  /** Replaces the generic read entirely (user cards read their own columns). */
  list?(ctx: ConsoleCtx, q: ListQuery, scope: Scope): Promise<{ data: Rec[]; total: number }>;
  get?(ctx: ConsoleCtx, id: string, scope: Scope): Promise<Rec>;
  /** Fields declared with from: { server: true }, for a page of rows. */
  decorate?(ctx: ConsoleCtx, rows: Rec[]): Promise<Rec[]>;
  /** Writes done by a domain service instead of the generic one (console-records.service.ts). A create
   *  may answer values shown once beside the record (an API key's secret), never stored readable. */
  create?(ctx: ConsoleCtx, data: Record<string, unknown>): Promise<string | number | { id: string | number; shownOnce: Record<string, unknown> }>;
  update?(ctx: ConsoleCtx, id: string, data: Record<string, unknown>, scope: Scope): Promise<void>;
  remove?(ctx: ConsoleCtx, id: string, scope: Scope): Promise<void>;
  /** Runs in the generic write's transaction after the row changed (counters). */
  afterChange?(t: Transaction, row: Record<string, unknown>, before: Record<string, unknown> | null): Promise<void>;
  /** The changes a generic update stores besides the body's (a lead's notified_at). */
  beforeUpdate?(data: Record<string, unknown>, before: Record<string, unknown>, now: Date): Record<string, unknown>;
  /** The declared actions' handlers (ActionDecl), each given its body as the action's schema parsed it. */
  actions?: Record<string, ActionHandler>;
}
