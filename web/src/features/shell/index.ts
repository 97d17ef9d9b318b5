/** The app's frame, for other features: layouts, headers and loading states. */
export { AppLayout } from './AppLayout';
export { default as layoutStyles } from './AppLayout.module.css';
export { FullPageLoading, LoadingState } from './FullPageLoading';
export { PublicHeader } from './PublicHeader';
