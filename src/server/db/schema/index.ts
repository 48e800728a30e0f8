export * from './auth';
export * from './mail';
export * from './profiles';
export * from './support';
export * from './lists';
export * from './social';
export * from './notifications';
export * from './messages';
