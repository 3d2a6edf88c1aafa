export { applyServerError, failureMessage, isSessionEnd, type ServerErrorTargets } from './server-errors';
export { checkNumber, numberOrNull, type NumberRule } from './number-rules';
export { formatPrice, toCentavos, toPesos } from './money';
export { isHttpUrl, optional } from './formats';
export { ActiveSwitch, FailureAlert, FormButtons } from './form-parts';
