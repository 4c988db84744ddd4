// The operations console in the browser (served by functions/console-get, built by lib/web-assets.ts).
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { render } from 'preact';
import { App } from './app';

const root = document.getElementById('app');
if (root) render(<App />, root);
