// embed.js, the widget's loader as host pages include it: the widgets come
// from the origin this script was loaded from.
import { embed } from './loader';

const script = document.currentScript;
if (script instanceof HTMLScriptElement && script.src) embed(window, script.src);
