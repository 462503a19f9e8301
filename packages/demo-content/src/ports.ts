import type { Readable } from 'node:stream';
import type { AccountType } from '@xr/contract/auth';
import type { addCouponCodeBody, addInviteCodeBody, couponCodeListQuery, inviteCodeListQuery } from '@xr/contract/codes';
import type { Catalog } from '@xr/contract/constants';
import type { FileKind } from '@xr/contract/creator';
import type { AddPostBody, AddThreadBody, ModerateThreadBody, SolveThreadBody } from '@xr/contract/forum';
import type { AddCommentBody, SetScoreBody } from '@xr/contract/market';
import type { PlacedOrder, PlaceOrderBody } from '@xr/contract/orders';
import type { RoleName } from '@xr/contract/permissions';
import type { PayoutMethodBody } from '@xr/contract/wallet';
import type { addWorldBody, worldPageQuery } from '@xr/contract/world';
import type { z } from 'zod';
import type { GeneratedMedia, GenerateTask } from './panorama/generate';

/**
 * What the demo content needs from the server, handed in by its seeding step: the services the seed calls (only the
 * calls it makes, typed structurally), storage and the job queue. The package never imports server code; the server
 * checks its services against these types where it builds the ports.
 */

/** A demo account acting in a service call: id, roles and permissions. */
export interface DemoActor {
  id: number;
  roles: readonly string[];
  permissions: ReadonlySet<string>;
}

/** The server's logger (pino's calling convention: fields first, then the message). */
export interface DemoLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** A demo account as the seed creates it: active, with its roles by name. */
export interface NewDemoAccount {
  email: string;
  username: string;
  password: string;
  accountType: AccountType;
  forumName: string;
  status: 'active';
  roleNames: RoleName[];
  /** Membership until then (else the free trial). */
  vipDate?: Date;
}

export interface AccountsPort {
  accountByEmail: (email: string) => Promise<{ id: number } | undefined>;
  accountIdByLogin: (login: string) => Promise<number | undefined>;
  createAccount: (input: NewDemoAccount) => Promise<{ id: number }>;
}

export interface RbacPort {
  accessOf: (userId: number) => Promise<{ roles: string[]; permissions: string[] }>;
}

export interface CodesPort {
  couponCodePage: (q: z.output<typeof couponCodeListQuery>) => Promise<{ list: { cdk: string }[] }>;
  addCouponCode: (actor: DemoActor, input: z.output<typeof addCouponCodeBody>) => Promise<unknown>;
  inviteCodePage: (actor: DemoActor, q: z.output<typeof inviteCodeListQuery>) => Promise<{ list: { code: string }[] }>;
  addInviteCode: (actor: DemoActor, input: z.output<typeof addInviteCodeBody>) => Promise<unknown>;
}

/** Back-dated sale earnings, a payout method and coins of one account (false: it had a payout method already). */
export interface WalletPort {
  seedDemo: (
    userId: number,
    demo: { earnings: { cents: number; at: Date; note: string }[]; method?: PayoutMethodBody; coins?: number },
  ) => Promise<boolean>;
}

export interface ForumPort {
  boards: (actor: null, all: boolean) => Promise<{ id: number }[]>;
  addThread: (actor: DemoActor, input: AddThreadBody) => Promise<{ id: number }>;
  addPost: (actor: DemoActor, input: AddPostBody) => Promise<{ id: number }>;
  moderateThread: (actor: null, input: ModerateThreadBody) => Promise<unknown>;
  solveThread: (actor: DemoActor, input: SolveThreadBody) => Promise<unknown>;
}

export interface ProfilePort {
  updateInformation: (userId: number, input: { introduction: string }) => Promise<unknown>;
}

/** A demo project as the seed creates it: approved, public, with generated covers. */
export interface NewDemoProject {
  ownerId: number;
  name: string;
  catalog: Catalog;
  type: string;
  priceCents: number;
  keywords: string;
  description: string;
  cover: string;
  images: string[];
  tagIds: number[];
  forSale: boolean;
  isPublic: boolean;
  anonymousPreview: boolean;
  reviewStatus: 'approved';
  createdAt: Date;
  updatedAt: Date;
}

export interface ProjectsPort {
  /** Tag ids by name, the tags created when missing. */
  ensureTags: (entries: { name: string; zh: string; tc: string; en: string }[]) => Promise<Map<string, number>>;
  create: (input: NewDemoProject) => Promise<{ id: number; priceCents: number; forSale: boolean }>;
  addComment: (viewer: DemoActor, input: AddCommentBody) => Promise<{ id: number }>;
  replyToComment: (ownerId: number, projectId: number, commentId: number, reply: string) => Promise<void>;
}

export interface MarketPort {
  setScore: (actor: DemoActor, input: SetScoreBody) => Promise<unknown>;
}

export interface CheckoutPort {
  placeOrder: (userId: number, input: PlaceOrderBody) => Promise<PlacedOrder>;
}

export interface PaymentNotifyPort {
  handleNotification: (providerName: string, rawBody: string, headers: Record<string, string>) => Promise<unknown>;
}

/** A hosted-checkout session of the sandbox gateway (what its signed notification is made from). */
export interface DemoSandboxSession {
  id: string;
  orderNo: string;
  amountCents: number;
  currency: string;
  method: 'Alipay';
  description: string;
  returnUrl: string;
  notifyUrl: string;
  lang: 'en';
  expiresAt: Date;
}

/** The sandbox payment gateway, when it is the provider: demo purchases are paid through it. */
export interface SandboxPort {
  readonly name: string;
  notification: (session: DemoSandboxSession, status: 'succeeded') => { rawBody: string; headers: Record<string, string> };
}

export interface StoragePort {
  put: (key: string, body: Buffer | Readable, contentType?: string, size?: number) => Promise<void>;
}

export interface JobsPort {
  enqueue: (type: string, payload: Record<string, unknown>, tx: undefined, opts: { maxAttempts: number }) => Promise<unknown>;
}

/** The URL a public storage key is served at. */
export type PublicUrl = (key: string) => string;

/** An uploaded-like asset of a demo project (its file already in storage), processed by the asset pipeline. */
export interface NewDemoAsset {
  projectId: number;
  ownerId: number;
  kind: FileKind;
  filename: string;
  extension: string;
  originalKey: string;
  bytes: number;
}

export interface EditorPort {
  assetsOfProject: (projectId: number) => Promise<{ id: number; status: string }[]>;
  acceptAsset: (values: NewDemoAsset, opts: { replace: false; keepReview: true; background: true }) => Promise<{ id: number }>;
  setPictures: (projectId: number, cover: string, pictures: string[]) => Promise<void>;
}

export interface PipelinePort {
  /** Runs one generation task in a worker thread (background). */
  generateMedia: (input: GenerateTask) => Promise<GeneratedMedia>;
}

export interface WorldPort {
  worldPage: (actor: DemoActor & { name: string }, q: z.output<typeof worldPageQuery>) => Promise<{ list: { name: string }[] }>;
  addWorld: (actor: DemoActor & { name: string }, body: z.output<typeof addWorldBody>) => Promise<unknown>;
}
