export { SurveyResults } from './survey-results';
