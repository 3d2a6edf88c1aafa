export { SlidesScreen } from './components/slides-screen';
export { NewsScreen } from './components/news-screen';
