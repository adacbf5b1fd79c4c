#include "figuredialog.h"

#include "error.h"
#include "settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <qcustomplot.h>

namespace sense7 {

FigureDialog::FigureDialog(Draw draw, const QString &baseName, const QJsonObject &details,
                           QWidget *parent)
    : QDialog(parent)
    , m_draw(std::move(draw))
    , m_baseName(baseName)
    , m_details(details)
    , m_instrument(new QComboBox(this))
    , m_format(new QComboBox(this))
    , m_preset(new QComboBox(this))
    , m_font(new QFontComboBox(this))
    , m_size(new QDoubleSpinBox(this))
    , m_dpi(new QSpinBox(this))
    , m_title(new QCheckBox(tr("Draw the &title above the chart"), this))
    , m_cluster(new QComboBox(this))
    , m_preview(new QLabel(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("figureDialog"));
    setWindowTitle(tr("Export Figure"));

    m_instrument->setObjectName(QStringLiteral("figureInstrument"));
    m_instrument->setAccessibleName(tr("Instrument"));
    m_instrument->setToolTip(tr("The instrument whose ratings the figure shows"));
    m_format->setObjectName(QStringLiteral("figureFormat"));
    for (const auto format :
         {charts::FigureFormat::Pdf, charts::FigureFormat::Svg, charts::FigureFormat::Png})
        m_format->addItem(labelOf(format), int(format));
    m_format->setAccessibleName(tr("File format"));
    m_preset->setObjectName(QStringLiteral("figurePreset"));
    for (const auto preset :
         {charts::FigureStyle::Preset::Single, charts::FigureStyle::Preset::Double})
        m_preset->addItem(labelOf(preset), int(preset));
    m_preset->setAccessibleName(tr("Width preset"));
    m_font->setObjectName(QStringLiteral("figureFont"));
    m_font->setAccessibleName(tr("Font"));
    m_size->setObjectName(QStringLiteral("figureFontSize"));
    m_size->setRange(4, 24);
    m_size->setDecimals(1);
    m_size->setSingleStep(0.5);
    m_size->setSuffix(tr(" pt"));
    m_size->setAccessibleName(tr("Font size"));
    m_dpi->setObjectName(QStringLiteral("figureDpi"));
    m_dpi->setRange(72, 1200);
    m_dpi->setSingleStep(50);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setAccessibleName(tr("Resolution of PNG figures"));
    m_dpi->setToolTip(tr("Journals usually ask for 300 dpi, or 600 dpi for line art."));
    m_title->setObjectName(QStringLiteral("figureTitle"));
    m_title->setToolTip(tr("Journals set the caption outside the figure: leave the title out."));

    // The last choices, else the single-column preset.
    const QJsonObject saved = Settings().figureOptions();
    m_format->setCurrentIndex(
        std::max(0, m_format->findData(saved.value(QStringLiteral("format")).toInt(0))));
    m_preset->setCurrentIndex(
        std::max(0, m_preset->findData(saved.value(QStringLiteral("preset")).toInt(0))));
    m_font->setCurrentFont(QFont(
        saved.value(QStringLiteral("font")).toString(charts::FigureStyle::defaultFontFamily())));
    m_size->setValue(saved.value(QStringLiteral("size")).toDouble(0.0));
    if (m_size->value() < 4.5)
        m_size->setValue(m_preset->currentIndex() == 0 ? 8.0 : 9.0);
    m_dpi->setValue(saved.value(QStringLiteral("dpi")).toInt(300));
    m_title->setChecked(saved.value(QStringLiteral("title")).toBool(true));

    auto *form = new QFormLayout;
    form->addRow(tr("&Instrument:"), m_instrument);
    form->setRowVisible(m_instrument, false); // until offerChoices()
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Width:"), m_preset);
    form->addRow(tr("F&ont:"), m_font);
    form->addRow(tr("&Size:"), m_size);
    form->addRow(tr("&Resolution:"), m_dpi);
    form->addRow(m_title);
    m_cluster->setObjectName(QStringLiteral("figureCluster"));
    m_cluster->setAccessibleName(tr("Units of the intervals"));
    m_cluster->setToolTip(tr("Ratings of one participant are not independent: by default a "
                             "mean is taken over participants' means, with its 95% interval."));
    m_cluster->addItem(tr("Participants"), int(series::Cluster::Participant));
    m_cluster->addItem(tr("Conversations"), int(series::Cluster::Conversation));
    m_cluster->addItem(tr("Ratings (none)"), int(series::Cluster::None));
    form->addRow(tr("&Intervals over:"), m_cluster);
    form->setRowVisible(m_cluster, false); // until offerChoices()

    m_preview->setObjectName(QStringLiteral("figurePreview"));
    m_preview->setAccessibleName(tr("Figure preview"));
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setStyleSheet(QStringLiteral("background: white; border: 1px solid #bbb;"));
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_preview);
    scroll->setWidgetResizable(true);
    scroll->setMinimumSize(420, 320);
    m_summary->setObjectName(QStringLiteral("figureSummary"));
    m_summary->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setText(tr("&Save…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &FigureDialog::chooseFileAndSave);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *side = new QVBoxLayout;
    side->addLayout(form);
    side->addWidget(m_summary);
    side->addStretch(1);
    auto *row = new QHBoxLayout;
    row->addLayout(side);
    row->addWidget(scroll, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(buttons);

    for (QComboBox *box : {m_format, m_preset})
        connect(box, &QComboBox::currentIndexChanged, this, &FigureDialog::updatePreview);
    connect(m_preset, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_size->setValue(index == 0 ? 8.0 : 9.0); });
    connect(m_font, &QFontComboBox::currentFontChanged, this, &FigureDialog::updatePreview);
    connect(m_size, &QDoubleSpinBox::valueChanged, this, &FigureDialog::updatePreview);
    connect(m_dpi, &QSpinBox::valueChanged, this, &FigureDialog::updatePreview);
    connect(m_title, &QCheckBox::toggled, this, &FigureDialog::updatePreview);
    updatePreview();
    resize(1080, 560); // room for a double-column figure at its printed size
}

void FigureDialog::offerChoices(const QList<QPair<QString, QString>> &instruments,
                                const QString &instrument, std::optional<series::Cluster> cluster,
                                DrawFor drawFor)
{
    m_drawFor = std::move(drawFor);
    {
        const QSignalBlocker blocker(m_instrument);
        m_instrument->clear();
        for (const auto &[key, name] : instruments)
            m_instrument->addItem(name, key);
        m_instrument->setCurrentIndex(std::max(0, m_instrument->findData(instrument)));
    }
    {
        const QSignalBlocker blocker(m_cluster);
        m_cluster->setCurrentIndex(
            std::max(0, m_cluster->findData(int(cluster.value_or(series::Cluster::Participant)))));
    }
    for (QFormLayout *form : findChildren<QFormLayout *>()) {
        form->setRowVisible(m_instrument, !instruments.isEmpty());
        form->setRowVisible(m_cluster, cluster.has_value());
    }
    m_offersCluster = cluster.has_value();
    for (QComboBox *box : {m_instrument, m_cluster})
        connect(box, &QComboBox::currentIndexChanged, this, &FigureDialog::choose,
                Qt::UniqueConnection);
    choose();
}

void FigureDialog::choose()
{
    if (!m_drawFor)
        return;
    const QString key = m_instrument->currentData().toString();
    const auto cluster = series::Cluster(m_cluster->currentData().toInt());
    Drawing drawing = m_drawFor(key, cluster);
    m_draw = std::move(drawing.draw);
    m_unavailable = drawing.unavailable;
    if (!drawing.details.isEmpty())
        m_details = drawing.details;
    if (!key.isEmpty())
        m_details.insert(QStringLiteral("instrument"), key);
    if (m_offersCluster)
        m_details.insert(QStringLiteral("cluster"), series::clusterKey(cluster));
    updatePreview();
}

charts::FigureStyle FigureDialog::style() const
{
    charts::FigureStyle style;
    style.preset = charts::FigureStyle::Preset(m_preset->currentData().toInt());
    style.fontFamily = m_font->currentFont().family();
    style.fontSize = m_size->value();
    style.title = m_title->isChecked();
    return style;
}

charts::FigureFormat FigureDialog::format() const
{
    return charts::FigureFormat(m_format->currentData().toInt());
}

int FigureDialog::dpi() const
{
    return m_dpi->value();
}

void FigureDialog::updatePreview()
{
    m_dpi->setEnabled(format() == charts::FigureFormat::Png);
    // A chart that cannot be drawn for this instrument is not drawn empty: the reason instead.
    m_save->setEnabled(bool(m_draw));
    if (!m_draw) {
        m_preview->setPixmap({});
        m_preview->setText(tr("This chart cannot be drawn: %1.").arg(m_unavailable));
        m_summary->clear();
        return;
    }
    QCustomPlot plot;
    m_draw(&plot);
    // At the screen's resolution: the preview is the figure's printed size.
    const qreal ratio = devicePixelRatioF();
    const int screenDpi = std::max(72, logicalDpiX());
    QImage image = charts::renderImage(&plot, style(), int(screenDpi * ratio));
    image.setDevicePixelRatio(ratio);
    m_preview->setPixmap(QPixmap::fromImage(image));
    const QSizeF inches = style().inches();
    QString summary = tr("%1 × %2 in")
                          .arg(QLocale().toString(inches.width(), 'f', 2),
                               QLocale().toString(inches.height(), 'f', 2));
    if (format() == charts::FigureFormat::Png)
        summary += QStringLiteral(" · ")
            + tr("%1 × %2 pixels")
                  .arg(qRound(inches.width() * dpi()))
                  .arg(qRound(inches.height() * dpi()));
    m_summary->setText(summary);
}

bool FigureDialog::saveTo(const QString &path)
{
    if (!m_draw) {
        QMessageBox::warning(this, tr("Export Figure"),
                             tr("This chart cannot be drawn: %1.").arg(m_unavailable));
        return false;
    }
    try {
        QCustomPlot plot;
        m_draw(&plot);
        // The file name's extension wins over the format chosen: "figure.svg" is an SVG.
        const charts::FigureFormat chosen =
            charts::figureFormatFromKey(QFileInfo(path).suffix()).value_or(format());
        charts::saveFigure(&plot, style(), chosen, path, dpi(), m_baseName);
        charts::writeSidecar(path, style(), chosen, dpi(), m_details);
    } catch (const Error &e) {
        QMessageBox::warning(this, tr("Export Figure"), e.message());
        return false;
    }
    remember();
    return true;
}

void FigureDialog::remember() const
{
    Settings().setFigureOptions({{QStringLiteral("format"), int(format())},
                                 {QStringLiteral("preset"), int(style().preset)},
                                 {QStringLiteral("font"), style().fontFamily},
                                 {QStringLiteral("size"), style().fontSize},
                                 {QStringLiteral("dpi"), dpi()},
                                 {QStringLiteral("title"), m_title->isChecked()}});
}

void FigureDialog::chooseFileAndSave()
{
    Settings settings;
    QString folder = settings.exportFolder.get();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString extension = charts::figureFormatKey(format());
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Figure"), QDir(folder).filePath(m_baseName + QLatin1Char('.') + extension),
        tr("%1 files (*.%2)").arg(extension.toUpper(), extension));
    if (path.isEmpty())
        return;
    settings.exportFolder.set(QFileInfo(path).absolutePath());
    if (saveTo(path))
        accept();
}

} // namespace sense7
