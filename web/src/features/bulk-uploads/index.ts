export { BulkUploadsScreen } from './components/bulk-uploads-screen';
