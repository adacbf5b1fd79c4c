#include "newstudydialog.h"

#include "conversationpage.h"
#include "error.h"
#include "formview.h"
#include "scaleselector.h"
#include "settings.h"
#include "store.h"
#include "turnpage.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace sense7 {

namespace {

const int pathRole = Qt::UserRole + 1; // a protocol file's path; shipped ones have a key
const int givenRole = Qt::UserRole + 2; // a protocol given to setProtocol(): its position

QScrollArea *scrolling(QWidget *page, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
}

/** "Turn level: 7 dimensions, 1–5" for the summary line. */
QString levelSummary(const Instrument &instrument, Level level)
{
    const QVector<Dimension> dimensions = instrument.dimensionsAt(level);
    if (dimensions.isEmpty())
        return {};
    QStringList scales;
    for (const Dimension &d : dimensions) {
        const QString scale = QStringLiteral("%1–%2").arg(d.scaleMin).arg(d.scaleMax);
        if (!scales.contains(scale))
            scales << scale;
    }
    return (level == Level::Turn
                ? NewStudyDialog::tr("%n reply scale(s)", nullptr, int(dimensions.size()))
                : NewStudyDialog::tr("%n conversation scale(s)", nullptr, int(dimensions.size())))
        + QStringLiteral(" (") + scales.join(QStringLiteral(", ")) + QLatin1Char(')');
}

} // namespace

NewStudyDialog::NewStudyDialog(QWidget *parent)
    : QDialog(parent)
    , m_choice(new QComboBox(this))
    , m_browse(new QPushButton(tr("&Browse…"), this))
    , m_summary(new QLabel(this))
    , m_error(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_turnPage(new TurnPage(this))
    , m_conversationPage(new ConversationPage(this))
    , m_context(new FormView(Form(), this))
    , m_profile(new FormView(Form(), this))
    , m_consent(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("newStudyDialog"));
    setWindowTitle(tr("New Study"));

    auto *intro = new QLabel(tr("A study's protocol says what participants rate and answer. "
                                "Choose one; the preview shows exactly what participants will "
                                "see. Nothing is created until you choose Create."),
                             this);
    intro->setWordWrap(true);

    m_choice->setObjectName(QStringLiteral("protocolChoice"));
    m_choice->setAccessibleName(tr("Protocol"));
    m_choice->setToolTip(
        tr("The protocols that come with Sense-7 Studio, and the files you chose"));
    for (const QString &key : protocol::shippedKeys()) {
        try {
            m_choice->addItem(protocol::shipped(key).displayName(), key);
        } catch (const Error &) {
            // A shipped protocol that cannot be read is not offered.
        }
    }
    m_browse->setObjectName(QStringLiteral("protocolBrowse"));
    m_browse->setToolTip(tr("Choose a protocol file (JSON) of your own"));
    m_browse->setAutoDefault(false);
    auto *chooser = new QHBoxLayout;
    auto *label = new QLabel(tr("&Protocol:"), this);
    label->setBuddy(m_choice);
    chooser->addWidget(label);
    chooser->addWidget(m_choice, 1);
    chooser->addWidget(m_browse);

    m_summary->setObjectName(QStringLiteral("protocolSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName(QStringLiteral("protocolError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_error->setAccessibleName(tr("Problem with the protocol"));
    m_error->hide();

    m_tabs->setObjectName(QStringLiteral("studyPreview"));
    m_tabs->setAccessibleName(tr("Preview of what participants see"));
    m_tabs->addTab(scrolling(m_turnPage, m_tabs), tr("Reply"));
    m_tabs->addTab(scrolling(m_conversationPage, m_tabs), tr("Conversation"));
    m_tabs->addTab(scrolling(m_context, m_tabs), tr("Context"));
    m_tabs->addTab(scrolling(m_profile, m_tabs), tr("Profile"));
    m_consent->setObjectName(QStringLiteral("consentPreview"));
    m_consent->setAccessibleName(tr("Consent text"));
    m_tabs->addTab(m_consent, tr("Consent"));
    m_tabs->setTabToolTip(0,
                          tr("The rating panel for each reply: try the scales, nothing is kept"));
    m_tabs->setTabToolTip(1, tr("Scales rated once per conversation"));
    m_tabs->setTabToolTip(2, tr("The form asked about each conversation"));
    m_tabs->setTabToolTip(3, tr("The form asked once of each participant"));
    m_tabs->setTabToolTip(4, tr("Shown before a participant shares anything"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_create = buttons->addButton(tr("&Create…"), QDialogButtonBox::AcceptRole);
    m_create->setObjectName(QStringLiteral("createStudy"));
    m_create->setToolTip(tr("Choose where to save the new data set"));
    m_create->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &NewStudyDialog::createWithDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_choice, &QComboBox::activated, this, &NewStudyDialog::chooseShipped);
    connect(m_browse, &QPushButton::clicked, this, &NewStudyDialog::browse);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(chooser);
    layout->addWidget(m_summary);
    layout->addWidget(m_error);
    m_previewLabel = new QLabel(tr("<b>What participants will see</b>"), this);
    layout->addWidget(m_previewLabel);
    layout->addWidget(m_tabs, 1);
    layout->addStretch(0); // takes the room while there is no preview
    layout->addWidget(buttons);

    if (m_choice->count() > 0)
        chooseShipped(0);
    else
        showError(tr("No protocol is installed: choose a protocol file."));
    resize(720, 720);
}

NewStudyDialog::~NewStudyDialog() = default;

void NewStudyDialog::chooseShipped(int index)
{
    const QString path = m_choice->itemData(index, pathRole).toString();
    const QVariant given = m_choice->itemData(index, givenRole);
    try {
        if (given.isValid())
            showProtocol(m_given.value(given.toInt()));
        else if (!path.isEmpty())
            loadFile(path);
        else
            showProtocol(protocol::shipped(m_choice->itemData(index).toString()));
    } catch (const Error &e) {
        showError(e.message());
    }
}

void NewStudyDialog::setProtocol(const Protocol &protocol)
{
    m_given.append(protocol);
    m_choice->addItem(protocol.displayName());
    m_choice->setItemData(m_choice->count() - 1, int(m_given.size()) - 1, givenRole);
    m_choice->setCurrentIndex(m_choice->count() - 1);
    showProtocol(protocol);
}

void NewStudyDialog::showProtocol(const Protocol &protocol)
{
    m_protocol = protocol;
    m_error->hide();
    m_error->clear();

    QStringList instruments;
    for (const Instrument &instrument : protocol.instruments) {
        QStringList levels;
        for (const Level level : {Level::Turn, Level::Conversation})
            if (const QString s = levelSummary(instrument, level); !s.isEmpty())
                levels << s;
        instruments << QStringLiteral("%1: %2").arg(instrument.displayName().toHtmlEscaped(),
                                                    levels.join(QStringLiteral(", ")));
    }
    QString summary = QStringLiteral("<b>%1</b> (<code>%2</code>, %3)")
                          .arg(protocol.displayName().toHtmlEscaped(), protocol.key.toHtmlEscaped(),
                               tr("version %1").arg(protocol.version).toHtmlEscaped());
    if (!protocol.description.isEmpty())
        summary += QStringLiteral("<br>") + protocol.description.toHtmlEscaped();
    if (!instruments.isEmpty())
        summary += QStringLiteral("<br>") + instruments.join(QStringLiteral("<br>"));
    m_summary->setText(summary);

    // The rating panel's pages without a data set: a scratch reply whose choices go nowhere.
    m_turnPage->setSession(nullptr, protocol);
    m_turnPage->setTurn(0, 1, 1, 1);
    m_turnPage->refresh();
    m_turnPage->updateEnabled(true);
    for (int row = 0; row < m_turnPage->dimensionCount(); ++row) // "2 of 7 rated" follows
        connect(m_turnPage->scale(row), &ScaleSelector::chosen, m_turnPage,
                &TurnPage::updateHeader);
    m_conversationPage->setSession(nullptr, protocol.instruments);
    m_context->setForm(protocol.context);
    m_profile->setForm(protocol.profile);
    const QString consent = protocol.displayConsent();
    if (!protocol.sharing)
        m_consent->setPlainText(tr("This study does not let participants share their data."));
    else if (consent.trimmed().isEmpty())
        m_consent->setPlainText(tr("This protocol has no consent text: participants share "
                                   "after looking at the preview of what leaves."));
    else
        m_consent->setPlainText(consent);
    m_tabs->setEnabled(true);
    m_tabs->show();
    m_previewLabel->show();
    m_create->setEnabled(true);
}

bool NewStudyDialog::loadFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    int index = m_choice->findData(absolute, pathRole);
    if (index < 0) {
        m_choice->addItem(tr("File: %1").arg(QFileInfo(path).fileName()));
        index = m_choice->count() - 1;
        m_choice->setItemData(index, absolute, pathRole);
        m_choice->setItemData(index, QDir::toNativeSeparators(absolute), Qt::ToolTipRole);
    }
    m_choice->setCurrentIndex(index);
    try {
        showProtocol(protocol::load(absolute));
        return true;
    } catch (const Error &e) {
        showError(e.message());
        return false;
    }
}

void NewStudyDialog::showError(const QString &message)
{
    m_protocol.reset();
    m_summary->clear();
    m_error->setText(message);
    m_error->show();
    // Nothing of an earlier protocol stays in sight.
    m_turnPage->setSession(nullptr, Protocol {});
    m_turnPage->setTurn(0, 0, 0, 0);
    m_turnPage->refresh();
    m_conversationPage->setSession(nullptr, {});
    m_context->setForm(Form());
    m_profile->setForm(Form());
    m_consent->clear();
    m_tabs->setEnabled(false);
    m_tabs->hide();
    m_previewLabel->hide();
    m_create->setEnabled(false);
}

void NewStudyDialog::browse()
{
    Settings settings;
    QString folder = settings.protocolFolder.get();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a protocol"), folder, tr("Study protocols (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.protocolFolder.set(QFileInfo(path).absolutePath());
    loadFile(path);
}

void NewStudyDialog::createAt(const QString &path)
{
    if (!m_protocol)
        throw Error(tr("Choose a protocol that can be read first."));
    Store::create(path, *m_protocol);
    m_created = path;
}

void NewStudyDialog::createWithDialog()
{
    if (!m_protocol)
        return;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(
        this, tr("New study"), QDir(folder).filePath(m_protocol->key + QStringLiteral(".sense7")),
        tr("Sense-7 data sets (*.sense7);;All files (*)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".sense7");
    try {
        // The file dialog has already asked before replacing an existing file.
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw Error(tr("Cannot replace %1.").arg(QDir::toNativeSeparators(path)));
        createAt(path);
    } catch (const Error &e) {
        QMessageBox::warning(this, windowTitle(), e.message());
        return;
    }
    accept();
}

} // namespace sense7
