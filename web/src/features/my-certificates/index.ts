export { MyCertificatesPanel, MyCertificatesScreen } from './components/my-certificates-screen';
export { fetchMyCertificates, myCertificatesKey } from './api/get-my-certificates';
export { fetchOtherCertificates, otherCertificatesKey } from './api/get-other-certificates';
