export { DiscussionsSection } from './discussions-section';
export { ProfileForumsTab } from './profile-forums-tab';
