import hljs from 'highlight.js/lib/core';
import markdown from 'highlight.js/lib/languages/markdown';
import typescript from 'highlight.js/lib/languages/typescript';
import 'highlight.js/styles/github.css';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('markdown', markdown);

/**
 * Source as highlighted HTML (the library escapes the text). Loaded on demand by the preview
 * dialog, so neither it nor its styles weigh on any other page.
 */
export function highlight(source: string, language: 'typescript' | 'markdown'): string {
  return hljs.highlight(source, { language }).value;
}
