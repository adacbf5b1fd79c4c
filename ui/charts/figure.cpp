#include "figure.h"

#include "aggregatecharts.h"
#include "error.h"
#include "palette.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

const sense7::KeyEntry<sense7::charts::FigureFormat>
    sense7::KeyTable<sense7::charts::FigureFormat>::entries[3] = {
        {charts::FigureFormat::Pdf, "pdf",
         QT_TRANSLATE_NOOP("sense7::keys", "PDF (vector, text kept)")},
        {charts::FigureFormat::Svg, "svg",
         QT_TRANSLATE_NOOP("sense7::keys", "SVG (vector, text kept)")},
        {charts::FigureFormat::Png, "png", QT_TRANSLATE_NOOP("sense7::keys", "PNG (image)")},
};

const sense7::KeyEntry<sense7::charts::FigureStyle::Preset>
    sense7::KeyTable<sense7::charts::FigureStyle::Preset>::entries[2] = {
        {charts::FigureStyle::Preset::Single, "single",
         QT_TRANSLATE_NOOP("sense7::keys", "Single column (3.5 in)")},
        {charts::FigureStyle::Preset::Double, "double",
         QT_TRANSLATE_NOOP("sense7::keys", "Double column (7.16 in)")},
};

namespace sense7::charts {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::charts", text);
}

QSize layoutSize(const FigureStyle &style)
{
    const QSizeF inches = style.inches();
    return QSize(qRound(inches.width() * layoutDpi), qRound(inches.height() * layoutDpi));
}

void styleAxis(QCPAxis *axis, const QFont &font)
{
    axis->setLabelFont(font);
    axis->setTickLabelFont(font);
    axis->setLabelColor(Qt::black);
    axis->setTickLabelColor(Qt::black);
    axis->setBasePen(QPen(Qt::black, 0.75));
    axis->setTickPen(QPen(Qt::black, 0.75));
    axis->setSubTickPen(QPen(Qt::black, 0.5));
    axis->setTickLengthIn(3);
    axis->setSubTickLengthIn(1);
    axis->grid()->setPen(QPen(QColor(0xDD, 0xDD, 0xDD), 0.5, Qt::DotLine));
}

/** \a text on two balanced lines when one line is wider than \a width. */
QString fitTitle(const QString &text, const QFont &font, int width)
{
    const QFontMetricsF metrics(font);
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString best = text;
    double bestWidth = metrics.horizontalAdvance(text);
    for (int i = 1; i < words.size(); ++i) {
        const QString first = words.mid(0, i).join(QLatin1Char(' '));
        const QString second = words.mid(i).join(QLatin1Char(' '));
        const double wider =
            std::max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second));
        if (wider < bestWidth) {
            bestWidth = wider;
            best = first + QLatin1Char('\n') + second;
        }
    }
    return best;
}

/**
 * A legend below the plot gets as many columns as its widest entry leaves room for beside its
 * title.
 */
void fitLegend(QCustomPlot *plot)
{
    QCPLegend *legend = plot->legend;
    auto *row = qobject_cast<QCPLayoutGrid *>(legend->layout());
    if (!legend->visible() || !row || row->objectName() != QLatin1String(legendRowName))
        return;
    int widest = 0;
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = legend->item(i)) {
            widest = std::max(widest, item->minimumOuterSizeHint().width());
            ++entries;
        }
    }
    if (entries == 0)
        return;
    QCPTextElement *title = legendTitle(plot);
    const bool beside = title && row->hasElement(0, 1) && row->element(0, 1) == title;
    const int titleWidth = beside && !title->text().isEmpty()
        ? static_cast<QCPLayoutElement *>(title)->minimumOuterSizeHint().width()
        : 0;
    const int available =
        plot->width() - titleWidth - legend->margins().left() - legend->margins().right();
    const int columns =
        std::clamp(available / std::max(1, widest + legend->columnSpacing()), 1, entries);
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

class Output
{
    Q_DECLARE_TR_FUNCTIONS(sense7::charts)

public:
    explicit Output(const QString &path)
        : m_file(path)
    {
        if (!m_file.open(QIODevice::WriteOnly))
            throw Error(tr("Cannot write %1: %2").arg(path, m_file.errorString()));
    }
    QIODevice *device() { return &m_file; }
    void commit()
    {
        if (!m_file.commit())
            throw Error(tr("Cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    }

private:
    QSaveFile m_file;
};

void paint(QCustomPlot *plot, QPaintDevice *device, const QSize &size, bool vector,
           const QString &path)
{
    QCPPainter painter;
    if (!painter.begin(device))
        throw Error(tr("Cannot draw the figure into %1.").arg(path));
    if (vector) // hairlines would print at the printer's resolution: give them a width
        painter.setMode(QCPPainter::pmNonCosmetic);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
}

} // namespace

QString FigureStyle::defaultFontFamily()
{
    return QStringLiteral("DejaVu Sans");
}

std::optional<FigureStyle::Preset> FigureStyle::presetFromKey(const QString &key)
{
    return fromKey<Preset>(key);
}

QString FigureStyle::presetKey(Preset preset)
{
    return keyOf(preset);
}

QSizeF FigureStyle::inches() const
{
    return preset == Preset::Single ? QSizeF(3.5, 2.8) : QSizeF(7.16, 3.6);
}

QString FigureStyle::family() const
{
    return fontFamily.isEmpty() ? defaultFontFamily() : fontFamily;
}

double FigureStyle::pointSize() const
{
    if (fontSize > 0)
        return fontSize;
    return preset == Preset::Single ? 8.0 : 9.0;
}

QJsonObject FigureStyle::toJson() const
{
    return {{QStringLiteral("preset"), presetKey(preset)},
            {QStringLiteral("width_in"), inches().width()},
            {QStringLiteral("height_in"), inches().height()},
            {QStringLiteral("font_family"), family()},
            {QStringLiteral("font_size_pt"), pointSize()},
            {QStringLiteral("title"), title}};
}

void applyStyle(QCustomPlot *plot, const FigureStyle &style)
{
    QFont font(style.family());
    font.setPointSizeF(style.pointSize());
    QFont small = font;
    small.setPointSizeF(std::max(5.0, style.pointSize() - 1.0));
    QFont title = font;
    title.setPointSizeF(style.pointSize() + 1.0);
    title.setBold(true);

    if (!style.title)
        removeTitle(plot);
    plot->setFont(font);
    plot->setBackground(Qt::white);
    plot->setAntialiasedElements(QCP::aeAll);
    const QSize size = layoutSize(style);
    plot->resize(size);
    // A hidden plot gets no resize event: lay it out at the figure's size directly.
    plot->setViewport(QRect(QPoint(0, 0), size));
    for (QCPAxisRect *rect : plot->axisRects()) {
        rect->setBackground(Qt::NoBrush);
        for (QCPAxis *axis : rect->axes())
            styleAxis(axis, font);
    }
    plot->legend->setFont(small);
    plot->legend->setTextColor(Qt::black);
    plot->legend->setBrush(Qt::white);
    // Tall enough for the largest marker in the legend (a break's circle), which would be cut.
    double marker = 0;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->legend->hasItemWithPlottable(plot->graph(i)))
            marker = std::max(marker, plot->graph(i)->scatterStyle().size());
    plot->legend->setIconSize(QSize(18, std::max(12, int(std::ceil(marker)) + 2)));
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = plot->legend->item(i)) {
            item->setFont(small);
            item->setMargins(QMargins(0, 1, 0, 1)); // room for descenders after rounding
        }
    }
    if (QCPTextElement *heading = legendTitle(plot)) {
        heading->setFont(small);
        heading->setTextColor(Qt::black);
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        QCPLayoutElement *element = plot->plotLayout()->elementAt(i);
        if (auto *text = qobject_cast<QCPTextElement *>(element)) {
            text->setFont(title);
            text->setTextColor(Qt::black);
            text->setText(fitTitle(text->text().simplified(), title, size.width() - 8));
        } else if (auto *scale = qobject_cast<QCPColorScale *>(element)) {
            styleAxis(scale->axis(), small);
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *text = qobject_cast<QCPItemText *>(plot->item(i)))
            text->setFont(small);
    fitRotatedLabels(plot);
    fitLegend(plot);
    plot->replot(QCustomPlot::rpImmediateRefresh); // lays the plot out again at its new size
}

void applyScreenPalette(QCustomPlot *plot, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor line = mix(base, text, 0.6);
    plot->setBackground(base);
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            axis->setLabelColor(text);
            axis->setTickLabelColor(text);
            axis->setBasePen(QPen(line, 1));
            axis->setTickPen(QPen(line, 1));
            axis->setSubTickPen(QPen(line, 1));
            axis->grid()->setPen(QPen(mix(base, text, 0.2), 1, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    // Okabe–Ito's black (means) would vanish on a dark background: it becomes the text colour.
    for (int i = 0; i < plot->graphCount(); ++i) {
        QCPGraph *graph = plot->graph(i);
        QPen pen = graph->pen();
        if (pen.color() != QColor(Qt::black) || pen.style() == Qt::NoPen)
            continue;
        pen.setColor(text);
        graph->setPen(pen);
        QCPScatterStyle scatter = graph->scatterStyle();
        if (scatter.brush().style() != Qt::NoBrush)
            scatter.setBrush(text);
        graph->setScatterStyle(scatter);
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        auto *errors = qobject_cast<QCPErrorBars *>(plot->plottable(i));
        if (errors && errors->pen().color() == QColor(Qt::black)) {
            QPen pen = errors->pen();
            pen.setColor(text);
            errors->setPen(pen);
        }
    }
    plot->legend->setBrush(base);
    // A legend in its row below the plot has no frame; one inside the plot keeps it.
    if (!legendTitle(plot))
        plot->legend->setBorderPen(QPen(mix(base, text, 0.3)));
    plot->legend->setTextColor(text);
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = plot->legend->item(i))
            item->setTextColor(text);
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        QCPLayoutElement *element = plot->plotLayout()->elementAt(i);
        if (auto *title = qobject_cast<QCPTextElement *>(element)) {
            title->setTextColor(text);
        } else if (auto *scale = qobject_cast<QCPColorScale *>(element)) {
            QCPAxis *axis = scale->axis();
            axis->setLabelColor(text);
            axis->setTickLabelColor(text);
            axis->setBasePen(QPen(line, 1));
            axis->setTickPen(QPen(line, 1));
            axis->setSubTickPen(QPen(line, 1));
        }
    }
    if (QCPTextElement *heading = legendTitle(plot))
        heading->setTextColor(text);
}

QImage renderImage(QCustomPlot *plot, const FigureStyle &style, int dpi)
{
    applyStyle(plot, style);
    const QSizeF inches = style.inches();
    QImage image(qRound(inches.width() * dpi), qRound(inches.height() * dpi),
                 QImage::Format_ARGB32_Premultiplied);
    // Laid out at layoutDpi, so points mean the same as in PDF and SVG, then scaled.
    const int layoutDpm = qRound(layoutDpi / 0.0254);
    image.setDotsPerMeterX(layoutDpm);
    image.setDotsPerMeterY(layoutDpm);
    image.fill(Qt::white);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.scale(double(dpi) / layoutDpi, double(dpi) / layoutDpi);
        const QSize size = layoutSize(style);
        plot->toPainter(&painter, size.width(), size.height());
    }
    const int dpm = qRound(dpi / 0.0254);
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    return image;
}

void saveFigure(QCustomPlot *plot, const FigureStyle &style, FigureFormat format,
                const QString &path, int dpi, const QString &title)
{
    if (dpi < 36 || dpi > 2400)
        throw Error(tr("%1 dpi is outside 36–2400.").arg(dpi));
    Output out(path);
    const QSize size = layoutSize(style);
    switch (format) {
    case FigureFormat::Pdf: {
        applyStyle(plot, style);
        QPdfWriter writer(out.device());
        writer.setResolution(layoutDpi);
        writer.setPageSize(
            QPageSize(style.inches(), QPageSize::Inch, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setCreator(QStringLiteral("Sense-7 Studio %1").arg(QStringLiteral(SENSE7_VERSION)));
        writer.setTitle(title);
        paint(plot, &writer, size, true, path);
        break;
    }
    case FigureFormat::Svg: {
        applyStyle(plot, style);
        QSvgGenerator svg;
        svg.setOutputDevice(out.device());
        svg.setResolution(layoutDpi);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QStringLiteral("Sense-7 Studio %1").arg(QStringLiteral(SENSE7_VERSION)));
        paint(plot, &svg, size, true, path);
        break;
    }
    case FigureFormat::Png: {
        const QImage image = renderImage(plot, style, dpi);
        if (!image.save(out.device(), "PNG"))
            throw Error(tr("Cannot write %1 as PNG.").arg(path));
        break;
    }
    }
    out.commit();
}

void writeSidecar(const QString &figurePath, const FigureStyle &style, FigureFormat format, int dpi,
                  QJsonObject details)
{
    const QFileInfo info(figurePath);
    details.insert(QStringLiteral("figure"), info.fileName());
    details.insert(QStringLiteral("format"), figureFormatKey(format));
    details.insert(QStringLiteral("style"), style.toJson());
    if (format == FigureFormat::Png)
        details.insert(QStringLiteral("dpi"), dpi);
    details.insert(QStringLiteral("program"), QStringLiteral("Sense-7 Studio"));
    details.insert(QStringLiteral("version"), QStringLiteral(SENSE7_VERSION));
    details.insert(QStringLiteral("created_at"),
                   QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    Output out(figurePath + QStringLiteral(".json"));
    const QByteArray json = QJsonDocument(details).toJson(QJsonDocument::Indented);
    if (out.device()->write(json) != json.size())
        throw Error(tr("Cannot write %1.json").arg(figurePath));
    out.commit();
}

} // namespace sense7::charts
