export * from './mail';
export * from './support';
