export { ExternalCertificationsPanel, ExternalCertificationsScreen } from './components/external-certifications-screen';
export { LOG_TABLE_URL } from './api/paths';
