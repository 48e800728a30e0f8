import { z } from 'zod';
import { PROFILE_CACHE_CONTROL, profileViewSchema } from '../profiles';
import { text } from '../text';
import { defineRoutes } from './contract';
import { anyone } from './authz';

const tags = ['Profiles'];

/**
 * Profile reads (spec 000 §2, §3; docs/product-rules.md ruling 9). Both are answered at the front
 * door as well (server/modules/profiles/front-route.ts), which matches requests with these paths and
 * params: change them here and the front door follows.
 */
export const profilesApi = defineRoutes({
  byUsername: {
    authz: anyone('user'),
    method: 'get',
    path: '/profiles/by-username/{username}',
    access: 'visitorOrUser',
    tags,
    summary: 'A profile by username (the /{username} share link)',
    description: 'The profile as the viewer may see it: the owner gets their settings too, others the public view.',
    params: z.object({ username: text().min(1).max(60) }),
    status: 200,
    response: profileViewSchema,
    errors: [404],
    cache: PROFILE_CACHE_CONTROL,
  },
  byId: {
    authz: anyone('user'),
    method: 'get',
    path: '/profiles/{id}',
    access: 'visitorOrUser',
    tags,
    summary: 'A profile by user id, as the viewer may see it',
    description: 'The profile as the viewer may see it: the owner gets their settings too, others the public view.',
    params: z.object({ id: text().min(1).max(64) }),
    status: 200,
    response: profileViewSchema,
    errors: [404],
    cache: PROFILE_CACHE_CONTROL,
  },
});
