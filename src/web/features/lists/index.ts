/** What the app (pages, providers) uses of the lists feature. */
export { CardActions } from './card-actions';
export { CurrentlyWatchingCard } from './currently-watching-card';
export { DetailsActions } from './details-actions';
export { ProfileListsSection } from './profile-lists-section';
export { SharedFavoritesButton } from './shared-favorites-button';
/** For app-level realtime wiring: on {type:'favorite-count'} invalidate listKeys.favoriteCount(type, id); on list changes listKeys.all. */
export { listKeys } from './api';
