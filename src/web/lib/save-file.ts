/**
 * Saves a file the API answered (a PDF, a calendar) as a download: the calls carry the session's
 * bearer token, so a plain link cannot fetch them. The object URL is freed once the browser has
 * taken the file.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
