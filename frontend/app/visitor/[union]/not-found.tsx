// A page unpublished since the proxy last asked: the same message as everywhere.
export { default, metadata } from '@/app/(site)/not-found';
