#pragma once

#include "keys.h"

#include <QImage>
#include <QJsonObject>
#include <QSizeF>
#include <QString>

#include <optional>

class QCustomPlot;
class QPalette;

/**
 * Publication figures: a plot drawn by the chart functions, restyled for print (the preset's
 * width, font and white background) and written as PDF or SVG with real text, or as PNG at a
 * chosen resolution. The studio's "Export figure…" and `sense7 figures` both come here, so the
 * same preset gives the same figure.
 */
namespace sense7 {
namespace charts {
enum class FigureFormat;
}
template<>
struct KeyTable<charts::FigureFormat>
{
    static const KeyEntry<charts::FigureFormat> entries[3];
};
} // namespace sense7

namespace sense7::charts {

enum class FigureFormat { Pdf, Svg, Png };
/** The format's file suffix, "pdf", "svg" or "png". */
inline QString figureFormatKey(FigureFormat format)
{
    return keyOf(format);
}
/** The format of a suffix in any case. */
inline std::optional<FigureFormat> figureFormatFromKey(const QString &key)
{
    return fromKey<FigureFormat>(key.toLower());
}

struct FigureStyle
{
    enum class Preset { Single, Double };
    Preset preset = Preset::Single;
    QString fontFamily; // empty: defaultFontFamily()
    double fontSize = 0.0; // points; 0: the preset's (8 for a single column, 9 for double)
    /** The chart's title above the plot; journals set the caption outside the figure. */
    bool title = true;

    static QString defaultFontFamily();
    static std::optional<Preset> presetFromKey(const QString &key);
    static QString presetKey(Preset preset);

    /** Width and height in inches: 3.5 × 2.8 (single column) or 7.16 × 3.6 (double). */
    QSizeF inches() const;
    QString family() const;
    double pointSize() const;
    QJsonObject toJson() const;
};

} // namespace sense7::charts

template<>
struct sense7::KeyTable<sense7::charts::FigureStyle::Preset>
{
    static const KeyEntry<charts::FigureStyle::Preset> entries[2];
};

namespace sense7::charts {

/** Logical units per inch of a figure's layout: fonts in points resolve the same everywhere. */
constexpr int layoutDpi = 96;

/**
 * Restyles \a plot for print: fonts, black on white, and the preset's size; removes the title
 * when the style has none.
 */
void applyStyle(QCustomPlot *plot, const FigureStyle &style);
/**
 * Colours \a plot for the screen from \a palette (a dark theme gets a dark chart); call after
 * drawing. Exported figures are restyled black on white by applyStyle().
 */
void applyScreenPalette(QCustomPlot *plot, const QPalette &palette);
/** The figure as an image of (width × dpi) pixels, as the PNG export writes it. */
QImage renderImage(QCustomPlot *plot, const FigureStyle &style, int dpi);
/** Writes the figure; throws Error naming \a path when it cannot. \a dpi is for PNG. */
void saveFigure(QCustomPlot *plot, const FigureStyle &style, FigureFormat format,
                const QString &path, int dpi = 300, const QString &title = {});
/**
 * Writes \a figurePath's sidecar ("figure.pdf" -> "figure.pdf.json"): \a details (the filters, the
 * data hash) plus the style, format, resolution, program version and time.
 */
void writeSidecar(const QString &figurePath, const FigureStyle &style, FigureFormat format, int dpi,
                  QJsonObject details);

} // namespace sense7::charts
