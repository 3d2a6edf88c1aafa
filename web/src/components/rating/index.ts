export { AverageRating } from './average-rating';
