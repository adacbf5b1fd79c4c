#pragma once

#include "charts/figure.h"
#include "stats/series.h"

#include <QDialog>
#include <QJsonObject>

#include <functional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QFontComboBox;
class QLabel;
class QSpinBox;

namespace sense7 {

/**
 * "Export figure…": one chart as a publication figure. The preview is the figure itself, drawn
 * at the screen's resolution with the chosen preset, font and size; Save writes it as PDF, SVG
 * or PNG with the JSON sidecar `sense7 figures` writes, so both give the same figure.
 */
class FigureDialog : public QDialog
{
    Q_OBJECT

public:
    /** Draws the chart into a fresh plot. */
    using Draw = std::function<void(QCustomPlot *)>;

    /**
     * \a baseName suggests the file name ("distribution"); \a details go into the sidecar (the
     * chart, its filters, the data hash).
     */
    FigureDialog(Draw draw, const QString &baseName, const QJsonObject &details,
                 QWidget *parent = nullptr);

    /** A chart of means drawn for a choice of clusters, and its sidecar's details for that. */
    using Variant = std::function<std::pair<Draw, QJsonObject>(series::Cluster)>;
    /**
     * Shows the choice of the intervals' units (participants, conversations, ratings), starting
     * at \a current; a choice redraws the preview through \a variant.
     */
    void offerClusters(series::Cluster current, Variant variant);
    QComboBox *clusterChoice() const { return m_cluster; }

    charts::FigureStyle style() const;
    charts::FigureFormat format() const;
    int dpi() const;
    /** The preview: the figure as it will be written. */
    QLabel *preview() const { return m_preview; }
    /**
     * Writes the figure and its sidecar to \a path, in the format its extension names (else the
     * chosen one); false (and a message) when it cannot.
     */
    bool saveTo(const QString &path);

private:
    void updatePreview();
    void chooseFileAndSave();
    void remember() const;

    Draw m_draw;
    QString m_baseName;
    QJsonObject m_details;
    QComboBox *m_format;
    QComboBox *m_preset;
    QFontComboBox *m_font;
    QDoubleSpinBox *m_size;
    QSpinBox *m_dpi;
    QCheckBox *m_title;
    QComboBox *m_cluster;
    Variant m_variant;
    QLabel *m_preview;
    QLabel *m_summary;
};

} // namespace sense7
