/**
 * The forums module's public surface (spec 001 §7, issue 15): what routes and other modules call.
 * Forums are looked up or created in forum-lookup.ts, read in reads.ts, written in threads.ts and
 * replies.ts; reports.ts stores reports, profile-forums.ts is the profile's Forums tab.
 */
export { genreForumValues, getOrCreateGenreForum, titleForums, titleForumValues } from './forum-lookup';
export { getThread, listReplies, listThreads } from './reads';
export { createThread, deleteThread, pinThread, setThreadFollow, setThreadLike, updateThread } from './threads';
export { createReply, deleteReply, setReplyLike, updateReply } from './replies';
export { reportPost } from './reports';
export { profileForums } from './profile-forums';
