import { z } from 'zod';
import {
  createThreadSchema,
  forumIdParamsSchema,
  forumSchema,
  genreForumParamsSchema,
  pageQuerySchema,
  profileForumsSchema,
  reportPostSchema,
  threadPageSchema,
  threadSchema,
  titleForumParamsSchema,
  titleForumsSchema,
} from '../forums';
import { text } from '../text';
import { defineRoutes } from './contract';
import { forumRepliesApi } from './forum-replies';
import { forumThreadsApi } from './forum-threads';
import { premiumOnly, signedIn, signedInOn } from './authz';
import { tags, ok, posts, reports } from './forum-common';

/**
 * Per-title and per-genre forums (spec 001 §2 Discussions, §3–§9; rulings 24, 25). Reading needs sign-in too (ruling 24).
 * The forums themselves, their thread lists, reports and the profile's tab are here; one thread's
 * routes are in forum-threads.ts, replies in forum-replies.ts. forumsApi is the module's one table,
 * in the same order as before the split.
 */
export const forumsApi = defineRoutes({
  titleForums: {
    authz: signedInOn('title'),
    method: 'get',
    path: '/titles/{type}/{id}/forums',
    access: 'user',
    tags,
    summary: "The title's forum and one forum per genre of the title, each created on first use",
    params: titleForumParamsSchema,
    status: 200,
    response: titleForumsSchema,
    errors: [404, 503],
  },
  genreForum: {
    authz: signedIn,
    method: 'get',
    path: '/forums/genre/{name}',
    access: 'user',
    tags,
    summary: "A genre's forum, created on first use",
    params: genreForumParamsSchema,
    status: 200,
    response: forumSchema,
  },
  threads: {
    authz: signedInOn('forum'),
    method: 'get',
    path: '/forums/{forumId}/threads',
    access: 'user',
    tags,
    summary: "A page of a forum's threads: pinned first, then newest (keyset: `after` is the last thread's id)",
    params: forumIdParamsSchema,
    query: pageQuerySchema,
    status: 200,
    response: threadPageSchema,
    errors: [404],
  },
  createThread: {
    authz: premiumOnly('forum'),
    method: 'post',
    path: '/forums/{forumId}/threads',
    access: 'user',
    tags,
    summary: 'Start a thread with its first post (premium only, ruling 24)',
    params: forumIdParamsSchema,
    body: createThreadSchema,
    status: 201,
    response: threadSchema,
    errors: [403, 404],
    rateLimit: posts,
  },
  ...forumThreadsApi,
  ...forumRepliesApi,
  report: {
    authz: signedInOn('thread'),
    method: 'post',
    path: '/forum-reports',
    access: 'user',
    tags,
    summary: 'Report a thread or a reply to the admins',
    body: reportPostSchema,
    status: 201,
    response: ok,
    errors: [404],
    rateLimit: reports,
  },
  profileForums: {
    authz: signedInOn('user'),
    method: 'get',
    path: '/profiles/{id}/forums',
    access: 'user',
    tags,
    summary: 'The threads and replies a user wrote and the threads they follow: to the user and admins only (ruling 9)',
    params: z.object({ id: text().min(1).max(64) }),
    status: 200,
    response: profileForumsSchema,
    errors: [404],
  },
});
