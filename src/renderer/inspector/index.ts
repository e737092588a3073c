export type { InspectorProps } from './Inspector';
export { Inspector } from './Inspector';
