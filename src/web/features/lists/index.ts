/** What the app (pages, providers) uses of the lists feature. */
export { CardActions } from './card-actions';
export { CurrentlyWatchingCard } from './currently-watching-card';
export { DetailsActions } from './details-actions';
export { ProfileListsSection } from './profile-lists-section';
export { SharedFavoritesButton } from './shared-favorites-button';
