/** What other features use of export: the panel under a recording's notes, and the e-mail dialog (issue 20: the state-vet report). */
export { ExportPanel } from './ExportPanel';
export { EmailDialog } from './EmailDialog';
