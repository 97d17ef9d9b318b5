/** What other features use of export: the panel under a recording's notes. */
export { ExportPanel } from './ExportPanel';
