// Text put into HTML the server writes itself (the first screen's title and marks, its own plain pages):
// the five characters that could end a text or an attribute value, as numeric references.
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
