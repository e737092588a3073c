export type { ReplayBarProps } from './ReplayBar';
export { ReplayBar } from './ReplayBar';
export type { ReplayState } from './replay-store';
export { useReplay, useReplayStep } from './replay-store';
export type { ReplayLocation } from './replay-url';
export { readReplayLocation, writeReplayLocation } from './replay-url';
export type { AddressBar } from './url-sync';
export { bindReplayToAddress } from './url-sync';
