// The dashboard's entry: its styles (uPlot's and its own) and the app rendered into #root.
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { render } from 'preact';
import { App } from './app';

const root = document.getElementById('root');
if (root) render(<App />, root);
