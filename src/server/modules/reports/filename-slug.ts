/** A location's name as it appears in a download's file name: "Leeds Depot" → "leeds-depot". */
export function filenameSlug(locationName: string): string {
  return (
    locationName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 40) || 'location'
  );
}
