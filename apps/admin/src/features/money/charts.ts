/**
 * The dashboard's charts (the chart library, the screen's largest part): requested by its route with
 * the data, rendered once the figures are on screen.
 */
export const loadCharts = () => import('./DaysChart');
